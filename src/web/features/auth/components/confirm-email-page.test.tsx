import { screen, waitFor } from '@testing-library/react';
import { AuthApiError } from '@supabase/auth-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages';
import { auth, fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { ConfirmEmailPage } from './confirm-email-page';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));

const routes = [
  { path: '/account/confirm-email', element: <ConfirmEmailPage /> },
  { path: '/profile', element: <p>Profile page</p> },
];

describe('ConfirmEmailPage', () => {
  beforeEach(() => resetAuthMock());

  it('takes the session the link opened and says the address has changed', async () => {
    const session = fakeSession('ada@new.example');
    auth.setSession.mockImplementation(async () => {
      setMockSession(session);
      return { data: { session, user: session.user }, error: null };
    });
    const { router } = renderRoutes(routes, '/account/confirm-email#access_token=abc&refresh_token=def&expires_in=3600&token_type=bearer&type=email_change');
    expect(await screen.findByRole('heading', { name: 'E-mail address changed' })).toBeInTheDocument();
    expect(await screen.findByText(/Your e-mail address is now ada@new\.example\./)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.hash).toBe(''));
  });

  it('exchanges a token in the query with verifyOtp type email_change', async () => {
    const session = fakeSession('ada@new.example');
    auth.verifyOtp.mockResolvedValue({ data: { session, user: session.user }, error: null });
    renderRoutes(routes, '/account/confirm-email?token=GOOD');
    expect(await screen.findByRole('heading', { name: 'E-mail address changed' })).toBeInTheDocument();
    expect(auth.verifyOtp).toHaveBeenCalledWith({ token_hash: 'GOOD', type: 'email_change' });
  });

  it('explains an expired or used link', async () => {
    renderRoutes(routes, '/account/confirm-email#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.emailChange.linkInvalid);
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toBeInTheDocument();
  });

  it('shows the server’s reason when the address was taken meanwhile', async () => {
    auth.verifyOtp.mockResolvedValue({ data: { session: null, user: null }, error: new AuthApiError(messages.auth.emailExists, 422, 'email_exists') });
    renderRoutes(routes, '/account/confirm-email?token=TAKEN');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.emailExists);
  });
});
