import { SearchIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { AuditEntry } from '../../../../shared/schemas/user-admin';
import { LoadFailed, Loading } from '../../../components/load-state';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { formatDateTime } from '../../../lib/format-date';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../api/get-audit-log';
import { Pager } from './pager';
import { TitledCard } from './titled-card';

const Who = ({ children }: { children: ReactNode }) => <span className="font-medium wrap-anywhere">{children}</span>;

/** What an entry says happened, as a sentence: "ada@… invited bob@…". An action this version does not know is shown by its name. */
export function describeAuditEntry(entry: AuditEntry): ReactNode {
  const actor = entry.actor_email ?? (entry.actor_id === null ? 'The command line' : 'A deleted account');
  const target = entry.target_email ?? 'an account';
  const them = <Who>{target}</Who>;
  const sentence = (verb: ReactNode) => (
    <>
      <Who>{actor}</Who> {verb}
    </>
  );
  switch (entry.action) {
    case 'user_invited':
      return sentence(<>invited {them}</>);
    case 'invitation_resent':
      return sentence(<>sent the invitation to {them} again</>);
    case 'invitation_revoked':
      return sentence(<>revoked the invitation of {them}</>);
    case 'invitation_accepted':
      return sentence(<>accepted the invitation</>);
    case 'user_created':
      return sentence(<>created the account {them}</>);
    case 'user_updated':
      return sentence(<>changed the details of {them}</>);
    case 'password_set':
      return sentence(<>set a new password for {them}</>);
    case 'user_disabled':
      return sentence(<>disabled {them}</>);
    case 'user_enabled':
      return sentence(<>enabled {them}</>);
    case 'admin_granted':
      return entry.details['via'] === 'whitelist' ? sentence(<>became an admin through the whitelist</>) : sentence(<>made {them} an admin</>);
    case 'admin_revoked':
      return sentence(<>removed the admin role of {them}</>);
    case 'whitelist_added':
      return sentence(<>added {them} to the admin whitelist</>);
    case 'whitelist_removed':
      return sentence(<>removed {them} from the admin whitelist</>);
    case 'password_changed':
      return sentence(<>changed their password</>);
    case 'session_revoked':
      return sentence(<>signed out one of their sessions</>);
    case 'other_sessions_revoked':
      return sentence(<>signed out all their other sessions</>);
    case 'user_email_change_requested':
      return sentence(<>asked to change their e-mail to {String(entry.details['new_email'] ?? '')} (not yet confirmed)</>);
    case 'user_email_changed':
      return sentence(
        <>
          changed their e-mail from {String(entry.details['old_email'] ?? '')} to {String(entry.details['new_email'] ?? '')}
        </>,
      );
    case 'mfa_enrolled':
      return sentence(<>turned on two-factor authentication</>);
    case 'mfa_unenrolled':
      return sentence(<>removed an authenticator app (two-factor authentication)</>);
    case 'mfa_recovery_codes_generated':
      return sentence(<>made new recovery codes</>);
    case 'mfa_recovery_code_used':
      return sentence(<>signed in with a recovery code</>);
    case 'mfa_admin_requirement_changed':
      return entry.details['require_mfa_for_admins']
        ? sentence(<>required two-factor authentication for admins</>)
        : sentence(<>stopped requiring two-factor authentication for admins</>);
    case 'user_deleted':
      return entry.details['by'] === 'self' ? sentence(<>deleted their account and its data</>) : sentence(<>deleted the account {them} and its data</>);
    case 'data_export_requested':
      return entry.details['by'] === 'self' ? sentence(<>asked for a copy of their data</>) : sentence(<>asked for a copy of the data of {them}</>);
    case 'data_export_downloaded':
      return entry.details['by'] === 'self' ? sentence(<>downloaded a copy of their data</>) : sentence(<>downloaded a copy of the data of {them}</>);
    default:
      return sentence(
        <>
          did <code>{entry.action}</code>
          {entry.target_email ? <> to {them}</> : null}
        </>,
      );
  }
}

/** Admin › Users › Audit log: every admin action, newest first, searchable by e-mail. */
export function AuditLogCard({ className }: { className?: string }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const filter = useDebouncedValue(search.trim(), 300);
  const log = useAuditLog(page, filter);
  const searchId = useId();

  let body;
  if (log.isPending) body = <Loading label="Loading the audit log..." />;
  else if (log.isError) body = <LoadFailed error={log.error} fallback="Failed to load the audit log" onRetry={() => void log.refetch()} />;
  else if (log.data.entries.length === 0)
    body = <p className="text-sm text-muted-foreground">{filter ? `Nothing recorded about “${filter}”.` : 'Nothing recorded yet.'}</p>;
  else
    body = (
      <>
        <ol aria-label="Audit log entries" className="grid divide-y">
          {log.data.entries.map((entry) => (
            <li key={entry.id} className="grid gap-0.5 py-2.5 text-sm first:pt-0">
              <p className="min-w-0">{describeAuditEntry(entry)}</p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, entry.created_at)}</time>
                {entry.ip_address ? <> · from {entry.ip_address}</> : null}
                {entry.actor_id === null && entry.actor_email === null ? <> · npm run cli</> : null}
              </p>
            </li>
          ))}
        </ol>
        <Pager label="Audit log pages" page={page} pageSize={AUDIT_PAGE_SIZE} total={log.data.total} onPage={setPage} />
      </>
    );

  return (
    <TitledCard
      className={className}
      title="Audit log"
      description="Who did what, to whom and when: invitations, changes of status and role, the whitelist, data exports and deleted accounts. Passwords and links are never recorded; a deleted account is named by a reference, not its e-mail."
      action={
        <div className="grid w-full gap-1.5 sm:w-72">
          <Label htmlFor={searchId}>Search the log</Label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id={searchId}
              type="search"
              placeholder="Part of an e-mail"
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
    </TitledCard>
  );
}
