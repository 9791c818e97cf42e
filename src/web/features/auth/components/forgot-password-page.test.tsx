import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth, resetAuthMock } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { ForgotPasswordPage } from './forgot-password-page';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));

const routes = [{ path: '/forgot-password', element: <ForgotPasswordPage /> }];

describe('ForgotPasswordPage', () => {
  beforeEach(() => {
    resetAuthMock();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('validates the e-mail', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(auth.resetPasswordForEmail).not.toHaveBeenCalled();
  });

  it('sends the link to /account/reset-password, shows the sent view, and Send again resets the form', async () => {
    const user = userEvent.setup();
    const toastSuccess = vi.spyOn(toast, 'success');
    auth.resetPasswordForEmail.mockResolvedValue({ data: {}, error: null });
    renderRoutes(routes, '/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'ada.lovelace@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('link', { name: 'Return to login' })).toHaveAttribute('href', '/login');
    expect(auth.resetPasswordForEmail).toHaveBeenCalledWith('ada.lovelace@example.com', {
      redirectTo: 'http://localhost:3000/account/reset-password',
    });
    expect(toastSuccess).toHaveBeenCalledWith('Reset email sent', { description: 'Check your inbox for password reset instructions' });

    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByLabelText('Email')).toHaveValue('');
  });

  it('shows the returned message, or the fallback, when sending fails', async () => {
    const user = userEvent.setup();
    const toastError = vi.spyOn(toast, 'error');
    auth.resetPasswordForEmail.mockResolvedValueOnce({
      data: null,
      error: Object.assign(new Error('For security purposes, you can only request this after 60 seconds.'), { status: 429 }),
    });
    auth.resetPasswordForEmail.mockResolvedValueOnce({ data: null, error: Object.assign(new Error(''), { status: 500 }) });
    renderRoutes(routes, '/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'ada.lovelace@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Error', { description: 'For security purposes, you can only request this after 60 seconds.' }),
    );
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Error', { description: 'Failed to send reset instructions. Please try again.' }));
  });
});
