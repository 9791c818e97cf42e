import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SOLUTIONS } from '../lib/content';
import { SolutionsCarousel } from './solutions-carousel';

function activeSlide(): HTMLElement {
  const slides = screen.getAllByRole('group').filter((el) => el.getAttribute('aria-roledescription') === 'slide');
  const active = slides.filter((slide) => slide.dataset.active === 'true');
  expect(active).toHaveLength(1);
  return active[0]!;
}

describe('SolutionsCarousel', () => {
  it('shows the five tags, each card starting on its problem', () => {
    render(<SolutionsCarousel cards={SOLUTIONS} />);
    for (const tag of ['Compliance', 'Expertise', 'Automation', 'Predictive', 'Standardization']) {
      expect(screen.getByText(tag)).toBeInTheDocument();
    }
    expect(screen.getAllByText('Problem')).toHaveLength(5);
    expect(screen.getByRole('region', { name: 'Problems and solutions' })).toHaveAttribute('aria-roledescription', 'carousel');
  });

  it('toggles a card between its problem and its solution on click', async () => {
    const user = userEvent.setup();
    render(<SolutionsCarousel cards={SOLUTIONS} />);
    const card = within(activeSlide()).getByRole('button');
    expect(card).toHaveTextContent(SOLUTIONS[0]!.problem);
    await user.click(card);
    expect(card).toHaveTextContent(SOLUTIONS[0]!.solution);
    expect(card).toHaveTextContent('Solution');
    expect(card).not.toHaveTextContent(SOLUTIONS[0]!.problem);
    await user.click(card);
    expect(card).toHaveTextContent(SOLUTIONS[0]!.problem);
  });

  it('moves with the previous/next buttons, wrapping round, and announces the slide', async () => {
    const user = userEvent.setup();
    render(<SolutionsCarousel cards={SOLUTIONS} />);
    expect(activeSlide()).toHaveAttribute('aria-label', '1 of 5');
    await user.click(screen.getByRole('button', { name: 'Next solution' }));
    expect(activeSlide()).toHaveAttribute('aria-label', '2 of 5');
    expect(activeSlide()).toHaveTextContent('Expertise');
    expect(screen.getByText('Solution 2 of 5: Expertise')).toHaveAttribute('aria-live', 'polite');
    await user.click(screen.getByRole('button', { name: 'Previous solution' }));
    await user.click(screen.getByRole('button', { name: 'Previous solution' }));
    expect(activeSlide()).toHaveAttribute('aria-label', '5 of 5');
    expect(screen.getByText('5 / 5')).toBeInTheDocument();
  });

  it('moves with the arrow keys, focus following the card', async () => {
    const user = userEvent.setup();
    render(<SolutionsCarousel cards={SOLUTIONS} />);
    within(activeSlide()).getByRole('button').focus();
    await user.keyboard('{ArrowRight}');
    expect(activeSlide()).toHaveAttribute('aria-label', '2 of 5');
    expect(within(activeSlide()).getByRole('button')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(activeSlide()).toHaveAttribute('aria-label', '4 of 5');
    await user.keyboard('{ArrowLeft}');
    expect(activeSlide()).toHaveAttribute('aria-label', '3 of 5');
    expect(within(activeSlide()).getByRole('button')).toHaveFocus();
  });
});
