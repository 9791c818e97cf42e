import { AccountsCard } from './accounts-card';
import { AuditLogCard } from './audit-log-card';
import { InviteCard } from './invite-card';
import { WhitelistCard } from './whitelist-card';

/**
 * Admin dashboard › Users (issue 19): the accounts with their actions and the audit log, beside
 * the invitation form and the "Make Me Admin" whitelist on wide screens (above them on phones,
 * the invitation first).
 */
export function UsersTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="grid min-w-0 content-start gap-6 lg:col-start-2 lg:row-start-1">
        <InviteCard />
        <WhitelistCard />
      </div>
      <div className="grid min-w-0 content-start gap-6 lg:col-start-1 lg:row-start-1">
        <AccountsCard />
        <AuditLogCard />
      </div>
    </div>
  );
}
