import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthApiError } from '@supabase/auth-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages';
import { auth, fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { AcceptInvitePage } from './accept-invite-page';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));

const routes = [
  { path: '/account/accept-invite', element: <AcceptInvitePage /> },
  { path: '/login', element: <p>Login page</p> },
  { path: '/chat', element: <p>Chat page</p> },
];

describe('AcceptInvitePage', () => {
  beforeEach(() => {
    resetAuthMock();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens the invitation session from the hash, sets the password and leaves the invitee signed in', async () => {
    const user = userEvent.setup();
    const session = fakeSession('new.engineer@example.com');
    auth.setSession.mockImplementation(async () => {
      setMockSession(session);
      return { data: { session, user: session.user }, error: null };
    });
    auth.updateUser.mockResolvedValue({ data: { user: session.user }, error: null });
    const { router } = renderRoutes(routes, '/account/accept-invite#access_token=abc&refresh_token=def&expires_in=3600&token_type=bearer&type=invite');

    expect(await screen.findByRole('heading', { name: 'Welcome to Trackside' })).toBeInTheDocument();
    expect(auth.setSession).toHaveBeenCalledWith({ access_token: 'abc', refresh_token: 'def' });
    expect(await screen.findByText('Choose a password for new.engineer@example.com to finish setting up your account.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.hash).toBe(''));

    const password = screen.getByLabelText('Password');
    await user.type(password, 'weak');
    await user.type(screen.getByLabelText('Confirm password'), 'weak');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(messages.validation.resetPasswordTooShort)).toBeInTheDocument();
    expect(auth.updateUser).not.toHaveBeenCalled();

    await user.clear(password);
    await user.type(password, 'Invited-Rail-7');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Invited-Rail-7');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toBeInTheDocument();
    expect(auth.updateUser).toHaveBeenCalledWith({ password: 'Invited-Rail-7' });
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Continue to Trackside' })).toHaveAttribute('href', '/chat');
  });

  it('exchanges a query token with verifyOtp type invite', async () => {
    const session = fakeSession();
    auth.verifyOtp.mockResolvedValue({ data: { session, user: session.user }, error: null });
    renderRoutes(routes, '/account/accept-invite?token=GOOD');
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(auth.verifyOtp).toHaveBeenCalledWith({ token_hash: 'GOOD', type: 'invite' });
  });

  it('says a used or expired link is no longer valid, with the way back to sign in', async () => {
    renderRoutes(routes, '/account/accept-invite#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.users.invitationUsed);
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('shows the service’s reason (a disabled account)', async () => {
    auth.verifyOtp.mockResolvedValue({ data: { session: null, user: null }, error: new AuthApiError(messages.auth.userBanned, 403, 'user_banned') });
    renderRoutes(routes, '/account/accept-invite?token=BANNED');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.userBanned);
  });

  it('says there is no invitation without a token', async () => {
    renderRoutes(routes, '/account/accept-invite');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.users.invitationNoToken);
  });

  it('refuses a session of another kind (a recovery link)', async () => {
    renderRoutes(routes, '/account/accept-invite#access_token=abc&refresh_token=def&type=recovery');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.users.invitationInvalid);
    expect(auth.setSession).not.toHaveBeenCalled();
  });
});
