import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { AuthApiError, AuthSessionMissingError } from '@supabase/auth-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth, fakeSession, resetAuthMock } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { ResetPasswordPage } from './reset-password-page';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));

const routes = [
  { path: '/account/reset-password', element: <ResetPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/login', element: <p>Login page</p> },
  { path: '/forgot-password', element: <p>Forgot password page</p> },
];

function otpExpiredError() {
  return Object.assign(new Error('Email link is invalid or has expired'), { code: 'otp_expired', status: 403 });
}

describe('ResetPasswordPage', () => {
  beforeEach(() => {
    resetAuthMock();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says no token was found when the link carries none', async () => {
    renderRoutes(routes, '/account/reset-password');
    expect(await screen.findByText('No reset token found. Please request a new reset link.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request New Link' })).toHaveAttribute('href', '/forgot-password');
    expect(auth.setSession).not.toHaveBeenCalled();
  });

  it('shows a service error description as received (invalid link)', async () => {
    renderRoutes(routes, '/account/reset-password#error=access_denied&error_code=bad_request&error_description=Recovery+is+unavailable');
    expect(await screen.findByText('Recovery is unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows the expired message and the Reset Link Expired dialog for otp_expired', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(
      routes,
      '/account/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Reset Link Expired')).toBeInTheDocument();
    expect(within(dialog).getByText('Your password reset link has expired. Please request a new one.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    await user.click(within(dialog).getByRole('link', { name: 'Request New Link' }));
    expect(await screen.findByText('Forgot password page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('opens the recovery session from the hash and shows the form; resets the password', async () => {
    const user = userEvent.setup();
    const toastSuccess = vi.spyOn(toast, 'success');
    const session = fakeSession();
    auth.setSession.mockResolvedValue({ data: { session, user: session.user }, error: null });
    auth.updateUser.mockResolvedValue({ data: { user: session.user }, error: null });
    const { router } = renderRoutes(routes, '/account/reset-password#access_token=abc&refresh_token=def&expires_in=3600&token_type=bearer&type=recovery');

    const password = await screen.findByLabelText('New password');
    expect(auth.setSession).toHaveBeenCalledWith({ access_token: 'abc', refresh_token: 'def' });
    // The tokens leave the address bar.
    await waitFor(() => expect(router.state.location.hash).toBe(''));

    await user.type(password, 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(auth.updateUser).not.toHaveBeenCalled();

    await user.clear(password);
    await user.type(password, 'NewPassw0rd');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'NewPassw0rd');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('heading', { name: 'Password updated' })).toBeInTheDocument();
    expect(auth.updateUser).toHaveBeenCalledWith({ password: 'NewPassw0rd' });
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(toastSuccess).toHaveBeenCalledWith('Password updated', {
      description: 'Your password has been successfully reset. Please log in with your new password.',
    });
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });

  it('exchanges a query token with verifyOtp and shows the expired dialog when it has expired', async () => {
    auth.verifyOtp.mockResolvedValue({ data: { session: null, user: null }, error: otpExpiredError() });
    renderRoutes(routes, '/reset-password?token=XYZ');
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    expect(auth.verifyOtp).toHaveBeenCalledWith({ token_hash: 'XYZ', type: 'recovery' });
    expect(auth.verifyOtp).toHaveBeenCalledTimes(1);
  });

  it('shows the form after a valid query token', async () => {
    const session = fakeSession();
    auth.verifyOtp.mockResolvedValue({ data: { session, user: session.user }, error: null });
    renderRoutes(routes, '/reset-password?token=GOOD');
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
  });

  it('shows the service message when the hash session is rejected', async () => {
    auth.setSession.mockResolvedValue({ data: { session: null, user: null }, error: new AuthApiError('Invalid JWT', 401, 'bad_jwt') });
    renderRoutes(routes, '/account/reset-password#access_token=abc&refresh_token=def&type=recovery');
    expect(await screen.findByText('Invalid JWT')).toBeInTheDocument();
  });

  it("says the link is invalid, not the client library's 'Auth session missing!', for a broken hash link", async () => {
    auth.setSession.mockResolvedValue({ data: { session: null, user: null }, error: new AuthSessionMissingError() });
    renderRoutes(routes, '/account/reset-password#access_token=abc&type=recovery');
    expect(await screen.findByText('Invalid or expired password reset link. Please request a new one.')).toBeInTheDocument();
    expect(screen.queryByText('Auth session missing!')).not.toBeInTheDocument();
  });

  it('exchanges a query token on /account/reset-password too', async () => {
    auth.verifyOtp.mockResolvedValue({ data: { session: fakeSession(), user: fakeSession().user }, error: null });
    renderRoutes(routes, '/account/reset-password?token=GOOD');
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(auth.verifyOtp).toHaveBeenCalledWith({ token_hash: 'GOOD', type: 'recovery' });
    expect(screen.queryByText('No reset token found. Please request a new reset link.')).not.toBeInTheDocument();
  });

  it('rejects a hash token that is not a recovery token', async () => {
    renderRoutes(routes, '/account/reset-password#access_token=abc&refresh_token=def&type=signup');
    expect(await screen.findByText('Invalid or expired password reset link. Please request a new one.')).toBeInTheDocument();
    expect(auth.setSession).not.toHaveBeenCalled();
  });
});
