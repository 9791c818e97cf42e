import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../../shared/errors';
import { messages } from '../../../../shared/messages';
import { api, resetApiMock } from '../../../test/api-client-mock';
import { resetAuthMock } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { FlyerPage } from './flyer-page';

vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));
vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));

const routes = [{ path: '/flyer', element: <FlyerPage /> }];

async function submit(user: ReturnType<typeof userEvent.setup>, password: string) {
  const field = screen.getByLabelText('Password');
  await user.clear(field);
  await user.type(field, password);
  await user.click(screen.getByRole('button', { name: /Access Content|Verifying/ }));
}

describe('FlyerPage behind the protected content gate', () => {
  beforeEach(() => {
    resetApiMock();
    resetAuthMock();
  });

  it('starts locked, with the gate', () => {
    renderRoutes(routes, '/flyer');
    expect(screen.getByRole('heading', { name: 'Protected Content', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Access Content' })).toBeInTheDocument();
    expect(screen.queryByText(/\$2\.7 trillion/)).not.toBeInTheDocument();
  });

  it('says the password is wrong when the server does not authorize it, and keeps the flyer locked', async () => {
    const user = userEvent.setup();
    api.post.mockResolvedValue({ authorized: false });
    renderRoutes(routes, '/flyer');
    await submit(user, 'wrong-password');
    expect(await screen.findByText(messages.protectedGate.incorrectPassword)).toBeInTheDocument();
    expect(api.post).toHaveBeenCalledWith(
      '/access/verify',
      { password: 'wrong-password', resource: 'investor_flyer' },
      expect.objectContaining({ toast: false }),
    );
    const field = screen.getByLabelText('Password');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(messages.protectedGate.incorrectPassword);
    expect(field).toHaveFocus();
    expect(screen.queryByRole('heading', { name: 'Market Opportunity' })).not.toBeInTheDocument();
  });

  it("shows 'Verifying...' while checking, then the flyer with its sections and new-tab links", async () => {
    const user = userEvent.setup();
    const toastSuccess = vi.spyOn(toast, 'success');
    let resolve!: (value: { authorized: boolean }) => void;
    api.post.mockReturnValue(new Promise((r) => (resolve = r)));
    renderRoutes(routes, '/flyer');
    await submit(user, 'right-password');
    expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
    resolve({ authorized: true });

    expect(await screen.findByRole('heading', { name: /\$2\.7 trillion/, level: 1 })).toBeInTheDocument();
    expect(toastSuccess).toHaveBeenCalledWith('Access Granted');
    for (const name of [
      'Market Opportunity',
      'Product Suite',
      'Community and Knowledge Ecosystem',
      'Key Investment Highlights',
      'Investment and Partnership',
    ]) {
      expect(screen.getByRole('heading', { name, level: 2 })).toBeInTheDocument();
    }
    for (const name of ['Speed Challenge', 'Complexity Reality', 'Our Solution', 'Design Assistant', 'Compliance Assistant', 'Construction Assistant']) {
      expect(screen.getByRole('heading', { name, level: 3 })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Visit Website' })).toHaveAttribute('href', '/');
    for (const link of screen.getAllByRole('link', { name: /Contact Me/ })) {
      expect(link).toHaveAttribute('href', '/contact');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener');
    }
    for (const link of screen.getAllByRole('link', { name: /Request Demo/ })) {
      expect(link).toHaveAttribute('href', '/request-demo');
      expect(link).toHaveAttribute('target', '_blank');
    }
    expect(screen.getByText(/© 2024 Trackside/)).toBeInTheDocument();
  });

  it('says authentication failed on a network or server error, and asks to wait when rate-limited', async () => {
    const user = userEvent.setup();
    api.post
      .mockRejectedValueOnce(new AppError('network_error', 'An unexpected error occurred', 0))
      .mockRejectedValueOnce(new AppError('unexpected_failure', 'An unexpected error occurred', 500))
      .mockRejectedValueOnce(new AppError('over_request_rate_limit', messages.protectedGate.tooManyAttempts, 429));
    renderRoutes(routes, '/flyer');
    await submit(user, 'some-password');
    expect(await screen.findByText(messages.protectedGate.authenticationFailed)).toBeInTheDocument();
    await submit(user, 'some-password');
    expect(await screen.findByText(messages.protectedGate.authenticationFailed)).toBeInTheDocument();
    await submit(user, 'some-password');
    expect(await screen.findByText(messages.protectedGate.tooManyAttempts)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Market Opportunity' })).not.toBeInTheDocument();
  });

  it('asks for a password before calling the server', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/flyer');
    await user.click(screen.getByRole('button', { name: 'Access Content' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });
});
