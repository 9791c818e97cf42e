import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError, ErrorCode } from '../../../../shared/errors';
import type { SessionInfo } from '../../../../shared/schemas/sessions';
import { api, mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { SessionsCard } from './sessions-card';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function sessionFixture(overrides: Partial<SessionInfo>): SessionInfo {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    device: 'Chrome on Windows',
    user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36',
    ip: '203.0.113.10',
    method: 'password',
    created_at: minutesAgo(120),
    last_used_at: minutesAgo(1),
    current: false,
    ...overrides,
  };
}

const here = sessionFixture({ id: '00000000-0000-4000-8000-00000000000a', current: true });
const phone = sessionFixture({ id: '00000000-0000-4000-8000-00000000000b', device: 'Safari on iPhone', ip: '198.51.100.7', last_used_at: minutesAgo(5) });
const laptop = sessionFixture({ id: '00000000-0000-4000-8000-00000000000c', device: 'Firefox on Linux', ip: null, last_used_at: minutesAgo(60 * 26) });

function renderCard() {
  return renderRoutes([{ path: '/profile', element: <SessionsCard /> }], '/profile');
}

describe('SessionsCard', () => {
  let list: SessionInfo[];

  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
    setMockSession(fakeSession(), 'INITIAL_SESSION');
    list = [here, phone, laptop];
    mockApiGet({ '/auth/sessions': () => ({ sessions: structuredClone(list) }) });
    vi.spyOn(toast, 'success').mockImplementation(() => 1);
    vi.spyOn(toast, 'error').mockImplementation(() => 1);
  });

  it('lists every session with its browser, address and last use; "This device" has no sign-out', async () => {
    renderCard();
    const region = screen.getByRole('region', { name: 'Sessions' });
    const items = await within(region).findAllByRole('listitem');
    expect(items).toHaveLength(3);

    const current = screen.getByRole('listitem', { name: 'Chrome on Windows' });
    expect(current).toHaveTextContent('This device');
    expect(current).toHaveTextContent('203.0.113.10 · Active now');
    expect(within(current).queryByRole('button')).not.toBeInTheDocument();

    const phoneRow = screen.getByRole('listitem', { name: 'Safari on iPhone' });
    expect(phoneRow).toHaveTextContent('198.51.100.7 · Last used 5 minutes ago');
    expect(phoneRow).not.toHaveTextContent('This device');
    expect(within(phoneRow).getByText('5 minutes ago')).toHaveAttribute('datetime', phone.last_used_at);
    expect(screen.getByRole('listitem', { name: 'Firefox on Linux' })).toHaveTextContent('Unknown address · Last used yesterday');

    expect(screen.getByRole('button', { name: 'Sign out Safari on iPhone (198.51.100.7)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign out Firefox on Linux' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign out all other sessions' })).toBeEnabled();
  });

  it('signs one session out from the keyboard, refreshes the list and returns focus to the heading', async () => {
    const user = userEvent.setup();
    api.delete.mockImplementation(async () => {
      list = list.filter((s) => s.id !== phone.id);
    });
    renderCard();
    const button = await screen.findByRole('button', { name: 'Sign out Safari on iPhone (198.51.100.7)' });
    button.focus();
    await user.keyboard('{Enter}');

    expect(api.delete).toHaveBeenCalledWith(`/auth/sessions/${phone.id}`, { toast: false });
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Safari on iPhone' })).not.toBeInTheDocument());
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Sessions' })).toHaveFocus();
    expect(toast.success).toHaveBeenCalledWith('Signed out', { description: 'That session has been signed out.' });
  });

  it('signs out all other sessions, leaving only this device', async () => {
    const user = userEvent.setup();
    api.post.mockImplementation(async () => {
      list = [here];
      return { revoked: 2 };
    });
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));

    expect(api.post).toHaveBeenCalledWith('/auth/sessions/revoke-others', undefined, expect.objectContaining({ toast: false }));
    expect(await screen.findByText('You are signed in on this device only.')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).not.toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Signed out', { description: 'Every other session has been signed out.' });
  });

  it('says so when a sign-out fails, and keeps the row', async () => {
    const user = userEvent.setup();
    api.delete.mockRejectedValue(new AppError(ErrorCode.notFound, 'Session not found', 404));
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Sign out Firefox on Linux' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('The session could not be signed out. Please try again.', { description: 'Session not found' }),
    );
    expect(screen.getByRole('listitem', { name: 'Firefox on Linux' })).toBeInTheDocument();
  });

  it('offers Retry when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    api.get.mockRejectedValueOnce(new AppError(ErrorCode.unavailable, 'Service unavailable', 503));
    renderCard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Chrome on Windows' })).toBeInTheDocument();
  });
});
