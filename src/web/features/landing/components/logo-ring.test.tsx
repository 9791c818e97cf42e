import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SPONSOR_LOGOS } from '../lib/content';
import { LogoRing } from './logo-ring';
import { fallbackLabel } from './logo-tile';

describe('LogoRing', () => {
  it('places every logo on the ring, turning once in 20 s, at least 400 px tall', () => {
    render(<LogoRing logos={SPONSOR_LOGOS} />);
    const ring = screen.getByTestId('logo-ring');
    expect(ring).toHaveStyle({ minHeight: '400px' });
    expect(screen.getByTestId('logo-ring-spinner').style.animation).toContain('20s');
    const list = within(ring).getByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items[1]!.style.transform).toBe('rotateY(60deg) translateZ(180px)');
    expect(within(ring).getByRole('img', { name: 'Meridian Rail' })).toHaveAttribute('width', '240');
  });

  it('shows each logo on both sides of its tile, each side hiding its back, so that none reads mirrored', () => {
    render(<LogoRing logos={SPONSOR_LOGOS} />);
    const tile = within(screen.getByTestId('logo-ring')).getAllByRole('listitem')[0]!;
    const front = tile.querySelector<HTMLElement>('[data-face="front"]')!;
    const back = tile.querySelector<HTMLElement>('[data-face="back"]')!;
    expect(front).toHaveClass('backface-hidden');
    expect(back).toHaveClass('backface-hidden', '[transform:rotateY(180deg)]');
    expect(within(front).getByRole('img', { name: 'Meridian Rail' })).toBeInTheDocument();
    // The back repeats the logo for the eye only: assistive technology meets each logo once.
    expect(back).toHaveAttribute('aria-hidden', 'true');
    expect(back.querySelector('img')).toHaveAttribute('alt', '');
    expect(screen.getAllByRole('img')).toHaveLength(SPONSOR_LOGOS.length);
  });

  it("replaces a logo that fails to load by a 'Your Logo' tile with the last word of its alt", () => {
    render(<LogoRing logos={SPONSOR_LOGOS} />);
    fireEvent.error(screen.getByRole('img', { name: 'Northline Signalling' }));
    expect(screen.queryByRole('img', { name: 'Northline Signalling' })).not.toBeInTheDocument();
    // Both sides of the tile.
    expect(screen.getAllByText('Your Logo Signalling')).toHaveLength(2);
    expect(screen.getAllByRole('img')).toHaveLength(5);
  });

  it("shows 'No sponsor logos available' for an empty list", () => {
    render(<LogoRing logos={[]} />);
    expect(screen.getByText('No sponsor logos available')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('can be paused and resumed with its button', async () => {
    const user = userEvent.setup();
    render(<LogoRing logos={SPONSOR_LOGOS} />);
    const spinner = screen.getByTestId('logo-ring-spinner');
    await user.click(screen.getByRole('button', { name: 'Pause logo rotation' }));
    expect(spinner.style.animationPlayState).toBe('paused');
    await user.click(screen.getByRole('button', { name: 'Resume logo rotation' }));
    expect(spinner.style.animationPlayState).toBe('');
  });

  it('builds the fallback label from the last word of the alt text', () => {
    expect(fallbackLabel('Granite Geotech')).toBe('Your Logo Geotech');
    expect(fallbackLabel('  Sponsor   7 ')).toBe('Your Logo 7');
    expect(fallbackLabel('')).toBe('Your Logo');
  });
});
