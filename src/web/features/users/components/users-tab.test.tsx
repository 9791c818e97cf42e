import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError, ErrorCode } from '../../../../shared/errors';
import { messages } from '../../../../shared/messages';
import type { AdminUser, AdminUserList, AuditEntry, AuditList, WhitelistEntry } from '../../../../shared/schemas/user-admin';
import { api, mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { describeAuditEntry } from './audit-log-card';
import { UsersTab } from './users-tab';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

const NOW = new Date().toISOString();
const SELF_ID = '00000000-0000-4000-8000-000000000001';

function adminUser(overrides: Partial<AdminUser> & { id: string; email: string }): AdminUser {
  return {
    aud: 'authenticated',
    role: 'authenticated',
    email_confirmed_at: NOW,
    confirmed_at: NOW,
    phone: '',
    last_sign_in_at: null,
    app_metadata: { provider: 'email', providers: ['email'], roles: [] },
    user_metadata: {},
    identities: [],
    factors: [],
    is_anonymous: false,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

const me = adminUser({
  id: SELF_ID,
  email: 'ada.lovelace@example.com',
  app_metadata: { provider: 'email', providers: ['email'], roles: ['admin'] },
  last_sign_in_at: NOW,
});
const engineer = adminUser({
  id: '00000000-0000-4000-8000-000000000002',
  email: 'brunel@example.com',
  user_metadata: { full_name: 'Isambard Brunel', company_name: 'Great Western' },
  last_sign_in_at: NOW,
});
const invitee = adminUser({
  id: '00000000-0000-4000-8000-000000000003',
  email: 'new@example.com',
  email_confirmed_at: null,
  confirmed_at: null,
  invited_at: NOW,
});
const disabled = adminUser({ id: '00000000-0000-4000-8000-000000000004', email: 'gone@example.com', banned_until: '2999-01-01T00:00:00.000Z' });

const auditEntry = (action: string, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `${action}-id`,
  action,
  actor_id: SELF_ID,
  actor_email: me.email,
  target_user_id: invitee.id,
  target_email: invitee.email,
  details: {},
  ip_address: '127.0.0.1',
  created_at: NOW,
  ...overrides,
});

function renderTab() {
  return renderRoutes([{ path: '/admin', element: <UsersTab /> }], '/admin');
}

// Menus, confirmations and toasts take a few steps each: more than the default 5 s on a slow machine.
describe('UsersTab', { timeout: 20_000 }, () => {
  let users: AdminUser[];
  let whitelist: WhitelistEntry[];
  let audit: AuditEntry[];

  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
    setMockSession(fakeSession(me.email));
    users = [invitee, engineer, disabled, me];
    whitelist = [{ email: 'future.admin@example.com', created_at: NOW }];
    audit = [auditEntry('user_invited')];
    mockApiGet({
      '/auth/admin/users': (): AdminUserList => ({ users, aud: 'authenticated', total: users.length }),
      '/auth/admin/invite-settings': { mail_delivery: 'log', invitation_days: 7 },
      '/admin/whitelist': () => whitelist,
      '/admin/audit': (): AuditList => ({ entries: audit, total: audit.length }),
    });
  });

  it('lists the accounts with name, company, role, last sign-in and status', async () => {
    renderTab();
    const table = await screen.findByRole('table', { name: 'Accounts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('new@example.com');
    expect(rows[0]).toHaveTextContent('Invited');
    expect(rows[0]).toHaveTextContent('Never');
    expect(rows[1]).toHaveTextContent('Isambard Brunel');
    expect(rows[1]).toHaveTextContent('Great Western');
    expect(rows[1]).toHaveTextContent('Active');
    expect(rows[2]).toHaveTextContent('Disabled');
    expect(await within(rows[3] as HTMLElement).findByText('(you)')).toBeInTheDocument();
    expect(rows[3]).toHaveTextContent('Admin');
  });

  it('searches accounts on the server', async () => {
    const user = userEvent.setup();
    renderTab();
    await screen.findByRole('table', { name: 'Accounts' });
    await user.type(screen.getByLabelText('Search accounts'), 'brunel');
    await waitFor(() =>
      expect(api.get).toHaveBeenCalledWith('/auth/admin/users', expect.objectContaining({ query: { page: 1, per_page: 25, filter: 'brunel' } })),
    );
  });

  it('invites by e-mail, says the link goes to the server log without SMTP, and validates the e-mail', async () => {
    const user = userEvent.setup();
    const toastSuccess = vi.spyOn(toast, 'success');
    api.post.mockImplementation(async () => invitee);
    renderTab();
    const form = await screen.findByRole('form', { name: 'Invite a colleague' });
    expect(await within(form).findByRole('note')).toHaveTextContent('No mail server is set up');
    await user.type(within(form).getByLabelText('Email'), 'not an email');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText(messages.validation.invalidEmail)).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();

    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'new@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Invitation written to the server log', { description: 'new@example.com' }));
    expect(api.post).toHaveBeenCalledWith(
      '/auth/invite',
      { email: 'new@example.com' },
      expect.objectContaining({ query: { redirect_to: `${window.location.origin}/account/accept-invite` } }),
    );
    expect(within(form).getByLabelText('Email')).toHaveValue('');
  });

  it('shows the server’s reason when an invitation is refused', async () => {
    const user = userEvent.setup();
    api.post.mockRejectedValue(new AppError(ErrorCode.emailExists, messages.users.alreadyRegistered, 422));
    renderTab();
    const form = await screen.findByRole('form', { name: 'Invite a colleague' });
    await user.type(within(form).getByLabelText('Email'), 'brunel@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText(messages.users.alreadyRegistered)).toBeInTheDocument();
  });

  it('disables an account after the confirmation, and enables a disabled one at once', async () => {
    const user = userEvent.setup();
    api.put.mockImplementation(async () => engineer);
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Actions for brunel@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disable account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disable this account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith(`/auth/admin/users/${engineer.id}`, { ban_duration: '876000h' }, expect.anything()));

    await user.click(screen.getByRole('button', { name: 'Actions for gone@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Enable account' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith(`/auth/admin/users/${disabled.id}`, { ban_duration: 'none' }, expect.anything()));
  });

  it('offers no way to disable one’s own account, and shows a refused change of role as the server says', async () => {
    const user = userEvent.setup();
    const toastError = vi.spyOn(toast, 'error');
    api.put.mockRejectedValue(new AppError(ErrorCode.lastAdmin, messages.users.lastAdmin, 409));
    renderTab();
    await user.click(await screen.findByRole('button', { name: `Actions for ${me.email}` }));
    expect(screen.queryByRole('menuitem', { name: 'Disable account' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Remove admin role' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove admin' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Error', { description: messages.users.lastAdmin }));
    expect(api.put).toHaveBeenCalledWith(`/auth/admin/users/${me.id}`, { app_metadata: { roles: [] } }, expect.anything());
  });

  it('grants admin after the confirmation', async () => {
    const user = userEvent.setup();
    api.put.mockImplementation(async () => engineer);
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Actions for brunel@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make admin' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Make this account an admin?' })).getByRole('button', { name: 'Make admin' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith(`/auth/admin/users/${engineer.id}`, { app_metadata: { roles: ['admin'] } }, expect.anything()));
  });

  it('resends and revokes a pending invitation', async () => {
    const user = userEvent.setup();
    api.post.mockImplementation(async () => invitee);
    api.delete.mockImplementation(async () => undefined);
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Actions for new@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resend invitation' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/auth/invite', { email: 'new@example.com' }, expect.anything()));

    await user.click(screen.getByRole('button', { name: 'Actions for new@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Revoke invitation' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Revoke this invitation?' })).getByRole('button', { name: 'Revoke invitation' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith(`/auth/admin/users/${invitee.id}`, expect.anything()));
  });

  it('deletes an account in use with its data after confirming (not one’s own), and downloads a user’s data', async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: `Actions for ${me.email}` }));
    expect(screen.queryByRole('menuitem', { name: 'Delete account' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(await screen.findByRole('button', { name: 'Actions for brunel@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this account and its data?' });
    expect(dialog).toHaveTextContent('Deleted user');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith(`/auth/admin/users/${engineer.id}`, expect.anything()));

    api.post.mockResolvedValue({ id: 'e1', status: 'requested', bytes: null, error: null, created_at: NOW, expires_at: null });
    await user.click(screen.getByRole('button', { name: 'Actions for brunel@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download their data' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`/auth/admin/users/${engineer.id}/exports`, undefined, expect.anything()));
  });

  it('adds to and removes from the Make Me Admin whitelist', async () => {
    const user = userEvent.setup();
    api.post.mockImplementation(async (_path: string, body: { email: string }) => {
      whitelist = [...whitelist, { email: body.email, created_at: NOW }];
      return whitelist;
    });
    api.delete.mockImplementation(async () => {
      whitelist = [];
      return whitelist;
    });
    renderTab();
    const list = await screen.findByRole('list', { name: 'Whitelisted e-mails' });
    expect(within(list).getByText('future.admin@example.com')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add to the whitelist' });
    await user.type(within(form).getByLabelText('Whitelisted email'), 'second@example.com');
    await user.click(within(form).getByRole('button', { name: 'Add to whitelist' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/admin/whitelist', { email: 'second@example.com' }, expect.anything()));
    expect(await within(list).findByText('second@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove future.admin@example.com from the whitelist' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/admin/whitelist/future.admin%40example.com', expect.anything()));
    expect(await screen.findByText('No e-mails are whitelisted.')).toBeInTheDocument();
  });

  it('shows the audit log as sentences', async () => {
    audit = [
      auditEntry('user_disabled', { target_email: engineer.email }),
      auditEntry('invitation_accepted', { actor_email: invitee.email }),
      auditEntry('admin_granted', { actor_id: null, actor_email: null, target_email: engineer.email, details: { via: 'cli' }, ip_address: null }),
      auditEntry('user_invited'),
    ];
    renderTab();
    const log = await screen.findByRole('list', { name: 'Audit log entries' });
    const items = within(log)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')?.textContent);
    expect(items).toEqual([
      `${me.email} disabled ${engineer.email}`,
      `${invitee.email} accepted the invitation`,
      `The command line made ${engineer.email} an admin`,
      `${me.email} invited ${invitee.email}`,
    ]);
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('from 127.0.0.1');
  });
});

describe('describeAuditEntry', () => {
  it('names an action it does not know by its name', async () => {
    const { render } = await import('@testing-library/react');
    const { container } = render(<p>{describeAuditEntry(auditEntry('passkey_added', { target_email: null }))}</p>);
    expect(container.textContent).toBe(`${me.email} did passkey_added`);
  });

  it('describes the MFA actions (issue 19)', async () => {
    const { render } = await import('@testing-library/react');
    const { container } = render(<p>{describeAuditEntry(auditEntry('mfa_enrolled', { target_email: me.email }))}</p>);
    expect(container.textContent).toBe(`${me.email} turned on two-factor authentication`);
  });
});
