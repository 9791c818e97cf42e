import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthMock } from '../../test/auth-client-mock';
import { renderRoutes } from '../../test/render';
import { ThemeToggle } from './theme-toggle';

vi.mock('../../lib/auth-client', () => import('../../test/auth-client-mock'));

describe('ThemeToggle', () => {
  beforeEach(() => {
    resetAuthMock();
    localStorage.clear();
    document.documentElement.classList.remove('dark');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts from the stored theme and stores the new choice under `theme`', async () => {
    const user = userEvent.setup();
    localStorage.setItem('theme', 'light');
    renderRoutes([{ path: '/', element: <ThemeToggle /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(screen.getByText('Switch to light theme', { selector: '[aria-hidden]' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
