import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../../shared/errors';
import { api, mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { AdminGrantNotice } from './admin-grant-notice';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

function renderNotice() {
  return renderRoutes([{ path: '/profile', element: <AdminGrantNotice /> }], '/profile');
}

describe('AdminGrantNotice', () => {
  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
    setMockSession(fakeSession(), 'INITIAL_SESSION');
  });

  it('offers Make Me Admin to a whitelisted user and toasts the grant', async () => {
    const user = userEvent.setup();
    const toastSuccess = vi.spyOn(toast, 'success');
    let admin = false;
    mockApiGet({ '/roles/me': () => ({ admin, whitelisted: true }) });
    api.post.mockImplementation(async () => {
      admin = true;
      return { ok: true, message: 'Admin role granted successfully' };
    });
    renderNotice();
    await user.click(await screen.findByRole('button', { name: 'Make Me Admin' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Admin role granted successfully'));
    expect(api.post).toHaveBeenCalledWith('/admin/grant-self', undefined, expect.anything());
    expect(await screen.findByText('Admin access granted.')).toBeInTheDocument();
  });

  it('toasts Access Denied when the server refuses', async () => {
    const user = userEvent.setup();
    const toastError = vi.spyOn(toast, 'error');
    mockApiGet({ '/roles/me': { admin: false, whitelisted: true } });
    api.post.mockRejectedValue(new AppError('not_whitelisted', 'Your email is not authorized for admin access', 403));
    renderNotice();
    await user.click(await screen.findByRole('button', { name: 'Make Me Admin' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Access Denied', { description: 'Your email is not authorized for admin access' }));
  });

  it('shows nothing to a user who is neither admin nor whitelisted', async () => {
    mockApiGet({ '/roles/me': { admin: false, whitelisted: false } });
    renderNotice();
    await waitFor(() => expect(screen.queryByText('Checking admin access...')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Make Me Admin' })).not.toBeInTheDocument();
    expect(screen.queryByText('Admin access granted.')).not.toBeInTheDocument();
  });
});
