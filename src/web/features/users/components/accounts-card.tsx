import {
  DownloadIcon,
  EllipsisVerticalIcon,
  MailIcon,
  Trash2Icon,
  SearchIcon,
  ShieldCheckIcon,
  ShieldOffIcon,
  UserCheckIcon,
  UserXIcon,
  XCircleIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { messages } from '../../../../shared/messages';
import { ADMIN_ROLE, BAN_FOREVER, BAN_NONE, isAdminUser, userStatus, type AdminUser } from '../../../../shared/schemas/user-admin';
import { LoadFailed, Loading } from '../../../components/load-state';
import { Button } from '../../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { formatDateTime } from '../../../lib/format-date';
import { serverMessage } from '../../../lib/server-errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSession } from '../../../lib/session/use-session';
import { USERS_PAGE_SIZE, useUsers } from '../api/get-users';
import { exportUserData } from '../api/export-user-data';
import { useInviteUser } from '../api/invite-user';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { useUpdateUser } from '../api/update-user';
import { ConfirmActionDialog, type PendingAction } from './confirm-action-dialog';
import { Pager } from './pager';
import { TitledCard } from './titled-card';
import { RoleBadge, UserStatusBadge } from './user-badges';

const LOAD_FAILED = 'Failed to load accounts';

/** The profile's name and company, which the admin API carries in user_metadata. */
function namesOf(user: AdminUser): { name: string | undefined; company: string | undefined } {
  const meta = user.user_metadata as { full_name?: unknown; company_name?: unknown };
  return {
    name: typeof meta.full_name === 'string' && meta.full_name.trim() ? meta.full_name : undefined,
    company: typeof meta.company_name === 'string' && meta.company_name.trim() ? meta.company_name : undefined,
  };
}

/** The actions an admin can take on one account, each confirmed where it is hard to undo. */
function useAccountActions() {
  const update = useUpdateUser();
  const revoke = useRevokeInvitation();
  const invite = useInviteUser();
  const [pending, setPending] = useState<PendingAction | null>(null);

  const attempt = async (work: () => Promise<unknown>, done: [string, string], failed: string) => {
    try {
      await work();
      toast.success(done[0], { description: done[1] });
    } catch (error) {
      toast.error(messages.toast.errorTitle, { description: serverMessage(error, failed) });
    }
  };

  return {
    pending,
    close: () => setPending(null),
    resend: (user: AdminUser) => void attempt(() => invite.mutateAsync(user.email), ['Invitation sent again', user.email], 'Failed to send the invitation'),
    revoke: (user: AdminUser) =>
      setPending({
        title: 'Revoke this invitation?',
        description: `The invitation link sent to ${user.email} stops working and the invitation is removed. You can invite them again later.`,
        confirm: 'Revoke invitation',
        destructive: true,
        run: () => attempt(() => revoke.mutateAsync(user.id), ['Invitation revoked', user.email], 'Failed to revoke the invitation'),
      }),
    exportData: (user: AdminUser) => {
      toast.info('Preparing their data…', { description: `${user.email}: the zip downloads when it is ready.` });
      void attempt(() => exportUserData(user.id), ['Data downloaded', user.email], 'Failed to prepare their data');
    },
    erase: (user: AdminUser) =>
      setPending({
        title: 'Delete this account and its data?',
        description: `${user.email} is signed out and erased for good: profile, conversations, document checks and sessions. Their forum posts stay as “Deleted user”. This cannot be undone.`,
        confirm: 'Delete account',
        destructive: true,
        run: () => attempt(() => revoke.mutateAsync(user.id), ['Account deleted', user.email], 'Failed to delete the account'),
      }),
    disable: (user: AdminUser) =>
      setPending({
        title: 'Disable this account?',
        description: `${user.email} is signed out everywhere at once and cannot sign in until the account is enabled again. Nothing of theirs is deleted.`,
        confirm: 'Disable',
        destructive: true,
        run: () =>
          attempt(
            () => update.mutateAsync({ id: user.id, changes: { ban_duration: BAN_FOREVER } }),
            ['Account disabled', user.email],
            'Failed to disable the account',
          ),
      }),
    enable: (user: AdminUser) =>
      void attempt(
        () => update.mutateAsync({ id: user.id, changes: { ban_duration: BAN_NONE } }),
        ['Account enabled', user.email],
        'Failed to enable the account',
      ),
    grantAdmin: (user: AdminUser) =>
      setPending({
        title: 'Make this account an admin?',
        description: `${user.email} will manage content, the standards library, users and their roles.`,
        confirm: 'Make admin',
        run: () =>
          attempt(
            () => update.mutateAsync({ id: user.id, changes: { app_metadata: { roles: [ADMIN_ROLE] } } }),
            ['Admin role granted', user.email],
            'Failed to grant the admin role',
          ),
      }),
    revokeAdmin: (user: AdminUser) =>
      setPending({
        title: 'Remove the admin role?',
        description: `${user.email} keeps their account but no longer reaches the admin dashboard.`,
        confirm: 'Remove admin',
        destructive: true,
        run: () =>
          attempt(
            () => update.mutateAsync({ id: user.id, changes: { app_metadata: { roles: [] } } }),
            ['Admin role removed', user.email],
            'Failed to remove the admin role',
          ),
      }),
  };
}

type AccountActions = ReturnType<typeof useAccountActions>;

function ActionsMenu({ user, isSelf, actions }: { user: AdminUser; isSelf: boolean; actions: AccountActions }) {
  const status = userStatus(user);
  const isAdmin = isAdminUser(user);
  // A pending invitation may also be disabled: it can still be revoked, not resent.
  const pendingInvitation = Boolean(user.invited_at) && !user.email_confirmed_at;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-9" aria-label={`Actions for ${user.email}`}>
          <EllipsisVerticalIcon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="max-w-64 truncate">{user.email}</DropdownMenuLabel>
        {pendingInvitation && status !== 'disabled' ? (
          <DropdownMenuItem onSelect={() => actions.resend(user)}>
            <MailIcon aria-hidden />
            Resend invitation
          </DropdownMenuItem>
        ) : null}
        {pendingInvitation ? (
          <DropdownMenuItem onSelect={() => actions.revoke(user)}>
            <XCircleIcon aria-hidden />
            Revoke invitation
          </DropdownMenuItem>
        ) : null}
        {status === 'disabled' ? (
          <DropdownMenuItem onSelect={() => actions.enable(user)}>
            <UserCheckIcon aria-hidden />
            Enable account
          </DropdownMenuItem>
        ) : isSelf ? null : (
          <DropdownMenuItem onSelect={() => actions.disable(user)}>
            <UserXIcon aria-hidden />
            Disable account
          </DropdownMenuItem>
        )}
        {pendingInvitation ? null : (
          <DropdownMenuItem onSelect={() => actions.exportData(user)}>
            <DownloadIcon aria-hidden />
            Download their data
          </DropdownMenuItem>
        )}
        {pendingInvitation || isSelf ? null : (
          <DropdownMenuItem onSelect={() => actions.erase(user)}>
            <Trash2Icon aria-hidden />
            Delete account
          </DropdownMenuItem>
        )}
        {isAdmin ? (
          <DropdownMenuItem onSelect={() => actions.revokeAdmin(user)}>
            <ShieldOffIcon aria-hidden />
            Remove admin role
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={() => actions.grantAdmin(user)}>
            <ShieldCheckIcon aria-hidden />
            Make admin
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function LastSignIn({ user }: { user: AdminUser }) {
  if (!user.last_sign_in_at) return <span className="text-muted-foreground">Never</span>;
  return <time dateTime={user.last_sign_in_at}>{formatDateTime(user.last_sign_in_at, user.last_sign_in_at)}</time>;
}

function AccountsTable({ users, selfId, actions }: { users: AdminUser[]; selfId: string | undefined; actions: AccountActions }) {
  return (
    <Table aria-label="Accounts">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Account</TableHead>
          <TableHead className="hidden md:table-cell">Role</TableHead>
          <TableHead className="hidden md:table-cell">Last sign-in</TableHead>
          <TableHead className="hidden sm:table-cell">Status</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => {
          const { name, company } = namesOf(user);
          const status = userStatus(user);
          return (
            <TableRow key={user.id} className="align-top">
              <TableCell className="min-w-0 max-w-[16rem] whitespace-normal sm:max-w-none">
                <span className="block font-medium wrap-anywhere">
                  {name ?? user.email}
                  {user.id === selfId ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
                </span>
                {name ? <span className="block text-muted-foreground wrap-anywhere">{user.email}</span> : null}
                {company ? <span className="block text-xs text-muted-foreground">{company}</span> : null}
                {/* The columns a phone leaves out, under the account. */}
                <span className="mt-1 flex flex-wrap items-center gap-1.5 md:hidden">
                  <RoleBadge isAdmin={isAdminUser(user)} />
                  <span className="sm:hidden">
                    <UserStatusBadge status={status} />
                  </span>
                  <span className="text-xs text-muted-foreground">
                    Last sign-in: <LastSignIn user={user} />
                  </span>
                </span>
              </TableCell>
              <TableCell className="hidden md:table-cell">
                <RoleBadge isAdmin={isAdminUser(user)} />
              </TableCell>
              <TableCell className="hidden whitespace-nowrap md:table-cell">
                <LastSignIn user={user} />
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                <UserStatusBadge status={status} />
              </TableCell>
              <TableCell className="w-12 text-right">
                <ActionsMenu user={user} isSelf={user.id === selfId} actions={actions} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Admin › Users › Accounts: every account, searchable, newest first, with its actions. */
export function AccountsCard({ className }: { className?: string }) {
  const { user: me } = useSession();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const filter = useDebouncedValue(search.trim(), 300);
  const users = useUsers(page, filter);
  const actions = useAccountActions();
  const searchId = useId();

  let body;
  if (users.isPending) body = <Loading label="Loading accounts..." className="px-3" />;
  else if (users.isError) body = <LoadFailed error={users.error} fallback={LOAD_FAILED} onRetry={() => void users.refetch()} className="px-3" />;
  else if (users.data.users.length === 0)
    body = <p className="px-3 text-sm text-muted-foreground">{filter ? `No account matches “${filter}”.` : 'No accounts yet.'}</p>;
  else
    body = (
      <>
        <AccountsTable users={users.data.users} selfId={me?.id} actions={actions} />
        <Pager label="Accounts pages" page={page} pageSize={USERS_PAGE_SIZE} total={users.data.total} onPage={setPage} />
      </>
    );

  return (
    <TitledCard
      className={className}
      title="Accounts"
      description="Newest first. Disabling an account signs it out everywhere at once; nothing of theirs is deleted."
      flush
      action={
        <div className="grid w-full gap-1.5 sm:w-72">
          <Label htmlFor={searchId}>Search accounts</Label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id={searchId}
              type="search"
              placeholder="E-mail, name or company"
              className="pl-9"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          </div>
        </div>
      }
    >
      {body}
      <ConfirmActionDialog action={actions.pending} onClose={actions.close} />
    </TitledCard>
  );
}
