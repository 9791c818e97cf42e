import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MENU } from '../../../shared/constants';
import { mockApiGet, resetApiMock } from '../../test/api-client-mock';
import { resetAuthMock } from '../../test/auth-client-mock';
import { renderRoutes } from '../../test/render';
import { DesktopNav } from './desktop-nav';

vi.mock('../../lib/auth-client', () => import('../../test/auth-client-mock'));
vi.mock('../../lib/api-client', () => import('../../test/api-client-mock'));

const routes = [
  {
    path: '*',
    element: (
      <>
        <DesktopNav />
        <p>Elsewhere</p>
      </>
    ),
  },
];

const nav = () => screen.getByRole('navigation', { name: 'Main' });
const trigger = (name: string) => within(nav()).getByRole('button', { name });

describe('DesktopNav', () => {
  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
    mockApiGet({ '/config': { signupEnabled: false, externalUrls: { designAssistant: null, knowledgeHub: null, podcasts: null } } });
  });
  afterEach(() => vi.useRealTimers());

  it('opens a menu on click, shows its links, and closes it on a second click', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    expect(trigger('AI Assistants')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: /Compliance Assistant/ })).not.toBeInTheDocument();

    await user.click(trigger('AI Assistants'));
    expect(trigger('AI Assistants')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /Compliance Assistant/ })).toHaveAttribute('href', '/chat');
    expect(screen.getByRole('link', { name: /Document Check/ })).toHaveAttribute('href', '/checks');
    expect(screen.getByRole('link', { name: /Design Assistant/ })).toHaveAttribute('href', '/design-assistant');

    await user.click(trigger('AI Assistants'));
    expect(trigger('AI Assistants')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: /Compliance Assistant/ })).not.toBeInTheDocument();
  });

  it('keeps one menu open at a time; Escape closes it and returns the focus; a press outside closes it', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    await user.click(trigger('AI Assistants'));
    await user.click(trigger('Resources'));
    expect(trigger('AI Assistants')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: /Podcast Library/ })).toHaveAttribute('href', '/podcast-library');

    await user.tab();
    expect(screen.getByRole('link', { name: /Knowledge Hub/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(trigger('Resources')).toHaveAttribute('aria-expanded', 'false');
    expect(trigger('Resources')).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(trigger('Resources')).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByText('Elsewhere'));
    expect(trigger('Resources')).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the menu when one of its links is chosen', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/');
    await user.click(trigger('Resources'));
    await user.click(screen.getByRole('link', { name: /Community Forum/ }));
    expect(router.state.location.pathname).toBe('/community-forum');
    expect(trigger('Resources')).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on hover after the hover delay, switches at once within the skip delay, and closes after the close delay', () => {
    vi.useFakeTimers();
    renderRoutes(routes, '/');
    const mouse = { pointerType: 'mouse' };

    fireEvent.pointerEnter(trigger('AI Assistants'), mouse);
    act(() => vi.advanceTimersByTime(MENU.hoverDelayMs - 1));
    expect(trigger('AI Assistants')).toHaveAttribute('aria-expanded', 'false');
    act(() => vi.advanceTimersByTime(1));
    expect(trigger('AI Assistants')).toHaveAttribute('aria-expanded', 'true');

    // Straight on to the next trigger: no delay while a menu is open.
    fireEvent.pointerLeave(trigger('AI Assistants'), mouse);
    fireEvent.pointerEnter(trigger('Resources'), mouse);
    expect(trigger('Resources')).toHaveAttribute('aria-expanded', 'true');

    fireEvent.pointerLeave(trigger('Resources'), mouse);
    act(() => vi.advanceTimersByTime(MENU.closeDelayMs - 1));
    expect(trigger('Resources')).toHaveAttribute('aria-expanded', 'true');
    act(() => vi.advanceTimersByTime(1));
    expect(trigger('Resources')).toHaveAttribute('aria-expanded', 'false');

    // Back within the skip delay: opens at once; after it, the hover delay applies again.
    act(() => vi.advanceTimersByTime(MENU.skipDelayMs - 50));
    fireEvent.pointerEnter(trigger('AI Assistants'), mouse);
    expect(trigger('AI Assistants')).toHaveAttribute('aria-expanded', 'true');
    fireEvent.pointerLeave(trigger('AI Assistants'), mouse);
    act(() => vi.advanceTimersByTime(MENU.closeDelayMs + MENU.skipDelayMs));
    fireEvent.pointerEnter(trigger('Resources'), mouse);
    expect(trigger('Resources')).toHaveAttribute('aria-expanded', 'false');
    act(() => vi.advanceTimersByTime(MENU.hoverDelayMs));
    expect(trigger('Resources')).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps the pointer on the open menu from closing it', () => {
    vi.useFakeTimers();
    renderRoutes(routes, '/');
    const mouse = { pointerType: 'mouse' };
    fireEvent.pointerEnter(trigger('Resources'), mouse);
    act(() => vi.advanceTimersByTime(MENU.hoverDelayMs));
    const panel = document.getElementById(trigger('Resources').getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    fireEvent.pointerLeave(trigger('Resources'), mouse);
    fireEvent.pointerEnter(panel!, mouse);
    act(() => vi.advanceTimersByTime(MENU.closeDelayMs * 2));
    expect(trigger('Resources')).toHaveAttribute('aria-expanded', 'true');
  });
});
