import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthApiError } from '@supabase/auth-js';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages';
import { auth, fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { ChangeEmailCard } from './change-email-card';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));

const renderCard = () => renderRoutes([{ path: '/profile', element: <ChangeEmailCard /> }], '/profile');

describe('ChangeEmailCard', () => {
  beforeEach(() => {
    resetAuthMock();
    setMockSession(fakeSession('ada@example.com'), 'INITIAL_SESSION');
    vi.spyOn(toast, 'error').mockImplementation(() => 1);
  });

  it('asks for a link to the new address and says where to look, the e-mail unchanged meanwhile', async () => {
    const user = userEvent.setup();
    auth.updateUser.mockResolvedValue({ data: { user: { ...fakeSession('ada@example.com').user, new_email: 'ada@new.example' } }, error: null });
    renderCard();
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New e-mail address'), 'Ada@New.example');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(messages.emailChange.checkInbox('ada@new.example'));
    expect(auth.updateUser).toHaveBeenCalledWith({ email: 'ada@new.example' }, { emailRedirectTo: `${window.location.origin}/account/confirm-email` });
    expect(screen.getByLabelText('New e-mail address')).toHaveValue('');
  });

  it('refuses an invalid or unchanged address before asking the server', async () => {
    const user = userEvent.setup();
    renderCard();
    const field = await screen.findByLabelText('New e-mail address');
    await user.type(field, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText(messages.validation.invalidEmail)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'ADA@example.com');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText(messages.emailChange.sameEmail)).toBeInTheDocument();
    expect(auth.updateUser).not.toHaveBeenCalled();
  });

  it('shows the server’s reason when the address belongs to another account', async () => {
    const user = userEvent.setup();
    auth.updateUser.mockResolvedValue({ data: { user: null }, error: new AuthApiError(messages.auth.emailExists, 422, 'email_exists') });
    renderCard();
    await user.type(await screen.findByLabelText('New e-mail address'), 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.toast.errorTitle, { description: messages.auth.emailExists }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
