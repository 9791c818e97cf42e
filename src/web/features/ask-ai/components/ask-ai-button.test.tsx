import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthMock } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { AskAiButton } from './ask-ai-button';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

const routes = [
  {
    path: '*',
    element: (
      <>
        <p>Page</p>
        <AskAiButton />
      </>
    ),
  },
];

/** Renders at `path` and lets the 2 s fallback (jsdom has no requestIdleCallback) run. */
function renderInjected(path = '/') {
  vi.useFakeTimers();
  const utils = renderRoutes(routes, path);
  act(() => vi.advanceTimersByTime(2000));
  vi.useRealTimers();
  return utils;
}

function overlay(): HTMLElement {
  const element = document.body.querySelector<HTMLElement>('[data-state="open"].fixed.inset-0:not([role])');
  if (!element) throw new Error('no dialog overlay');
  return element;
}

describe('AskAiButton', () => {
  beforeEach(() => resetAuthMock());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is injected 2 s after load where idle callbacks are unavailable', () => {
    vi.useFakeTimers();
    renderRoutes(routes, '/');
    act(() => vi.advanceTimersByTime(1900));
    expect(screen.queryByRole('button', { name: 'Ask AI' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('button', { name: 'Ask AI' })).toBeInTheDocument();
  });

  it('is injected when the browser is idle where it can say so', () => {
    const idle = vi.fn((callback: IdleRequestCallback) => {
      queueMicrotask(() => callback({ didTimeout: false, timeRemaining: () => 10 }));
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const { unmount } = renderRoutes(routes, '/');
    return screen.findByRole('button', { name: 'Ask AI' }).then(() => {
      expect(idle).toHaveBeenCalled();
      unmount();
    });
  });

  it('opens the AI Railway Consultant with /chat in a lazy frame, and closes with its button', async () => {
    renderInjected();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ask AI' }));
    const dialog = await screen.findByRole('dialog', { name: 'AI Railway Consultant' });
    const frame = within(dialog).getByTitle('AI Railway Consultant chat');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', '/chat');
    expect(frame).toHaveAttribute('loading', 'lazy');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on a backdrop click and loads a fresh frame on every opening', async () => {
    renderInjected();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ask AI' }));
    const first = within(await screen.findByRole('dialog')).getByTitle('AI Railway Consultant chat');
    await user.click(overlay());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask AI' }));
    const second = within(await screen.findByRole('dialog')).getByTitle('AI Railway Consultant chat');
    expect(second).not.toBe(first);
    expect(first.isConnected).toBe(false);
  });

  it('is not shown on /chat itself', () => {
    renderInjected('/chat');
    expect(screen.getByText('Page')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask AI' })).not.toBeInTheDocument();
  });

  it('is not shown inside a frame (no frames within frames)', () => {
    vi.stubGlobal('top', {});
    renderInjected();
    expect(screen.queryByRole('button', { name: 'Ask AI' })).not.toBeInTheDocument();
  });
});
