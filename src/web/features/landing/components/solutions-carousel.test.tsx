import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOLUTIONS } from '../lib/content';
import { SolutionsCarousel } from './solutions-carousel';

function activeSlide(): HTMLElement {
  const slides = screen.getAllByRole('group').filter((el) => el.getAttribute('aria-roledescription') === 'slide');
  const active = slides.filter((slide) => slide.dataset.active === 'true');
  expect(active).toHaveLength(1);
  return active[0]!;
}

/** A window `width` px wide, as far as the carousel's media query (a `(width < Npx)` range) is concerned. */
function stubViewportWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const range = /^\(width < (\d+)px\)$/.exec(query);
    return {
      matches: range ? width < Number(range[1]) : false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    } as unknown as MediaQueryList;
  });
}

describe('SolutionsCarousel', () => {
  afterEach(() => vi.unstubAllGlobals());

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

  it('is a carousel up to 768 px, 768 included, and a 3-column grid from 769 px (SPEC §2)', async () => {
    const user = userEvent.setup();
    stubViewportWidth(768);
    const { unmount } = render(<SolutionsCarousel cards={SOLUTIONS} />);
    within(activeSlide()).getByRole('button').focus();
    await user.keyboard('{ArrowRight}');
    expect(activeSlide()).toHaveAttribute('aria-label', '2 of 5');
    unmount();

    stubViewportWidth(769);
    render(<SolutionsCarousel cards={SOLUTIONS} />);
    within(activeSlide()).getByRole('button').focus();
    await user.keyboard('{ArrowRight}');
    expect(activeSlide()).toHaveAttribute('aria-label', '1 of 5');
    // The CSS draws the same line: hidden slides and the buttons below 769 px, three columns from it.
    const grid = activeSlide().parentElement!;
    expect(grid).toHaveClass('min-[769px]:grid-cols-3');
    expect(grid.querySelector('[data-active="false"]')).toHaveClass('max-[769px]:hidden');
    expect(screen.getByRole('button', { name: 'Next solution' }).parentElement).toHaveClass('min-[769px]:hidden');
  });
});
