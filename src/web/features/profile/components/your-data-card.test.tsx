import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError, ErrorCode } from '../../../../shared/errors';
import { messages } from '../../../../shared/messages';
import type { DataExport } from '../../../../shared/schemas/account';
import { api, apiDownload, apiRequest, mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { auth, fakeSession, fakeSessionWithFactor, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { YourDataCard } from './your-data-card';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));
vi.mock('../../../lib/download-blob', () => ({ downloadBlob: vi.fn() }));

const EXPORT_ID = '00000000-0000-4000-8000-0000000000e1';
const exportOf = (overrides: Partial<DataExport>): DataExport => ({
  id: EXPORT_ID,
  status: 'ready',
  bytes: 2048,
  error: null,
  created_at: new Date().toISOString(),
  expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  ...overrides,
});

function renderCard() {
  return renderRoutes(
    [
      { path: '/profile', element: <YourDataCard /> },
      { path: '/', element: <p>Home page</p> },
    ],
    '/profile',
  );
}

describe('YourDataCard', () => {
  let exports: DataExport[];

  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
    setMockSession(fakeSession(), 'INITIAL_SESSION');
    exports = [];
    mockApiGet({ '/auth/account/exports': () => ({ exports }) });
  });

  it('asks for an export and shows it being prepared', async () => {
    api.post.mockResolvedValue(exportOf({ status: 'requested', expires_at: null, bytes: null }));
    renderCard();
    const region = screen.getByRole('region', { name: 'Your data' });
    await userEvent.click(await within(region).findByRole('button', { name: 'Download my data' }));
    expect(api.post).toHaveBeenCalledWith('/auth/account/exports', undefined, expect.anything());
    expect(await within(region).findByRole('button', { name: 'Preparing your data…' })).toBeDisabled();
  });

  it('downloads a ready export through the API client (bearer token, no link)', async () => {
    exports = [exportOf({})];
    apiDownload.mockResolvedValue({ blob: new Blob(['zip']), fileName: 'trackside-data.zip' });
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Download zip' }));
    expect(apiDownload).toHaveBeenCalledWith(`/auth/account/exports/${EXPORT_ID}/download`);
    expect(screen.getByText(/available until/)).toBeInTheDocument();
  });

  it('deletes the account after the password: refuses an empty or wrong one, then signs out and goes home', async () => {
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveFocus();
    expect(within(dialog).queryByLabelText('Authentication code')).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(messages.account.passwordRequired)).toBeInTheDocument();
    expect(apiRequest).not.toHaveBeenCalled();

    apiRequest.mockRejectedValueOnce(new AppError(ErrorCode.invalidCredentials, messages.account.wrongPassword, 400));
    await userEvent.type(password, 'wrong{Enter}');
    expect(await within(dialog).findByText(messages.account.wrongPassword)).toBeInTheDocument();

    apiRequest.mockResolvedValueOnce({ reference: 'deleted-x', forum_posts: 'kept' });
    await userEvent.clear(password);
    await userEvent.type(password, 'Right-Password-1{Enter}');
    expect(apiRequest).toHaveBeenLastCalledWith('/auth/account', expect.objectContaining({ method: 'DELETE', body: { password: 'Right-Password-1' } }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    await waitFor(() => expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' }));
  });

  it('asks for a code when the user has a verified second factor', async () => {
    setMockSession(fakeSessionWithFactor('aal2'), 'INITIAL_SESSION');
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    apiRequest.mockResolvedValueOnce({ reference: 'deleted-x', forum_posts: 'kept' });
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Right-Password-1');
    await userEvent.type(within(dialog).getByLabelText('Authentication code'), '123456{Enter}');
    expect(apiRequest).toHaveBeenLastCalledWith('/auth/account', expect.objectContaining({ body: { password: 'Right-Password-1', code: '123456' } }));
  });
});
