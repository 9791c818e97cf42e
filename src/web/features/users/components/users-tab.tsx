import { AccountsCard } from './accounts-card';
import { AdminMfaCard } from './admin-mfa-card';
import { AuditLogCard } from './audit-log-card';
import { InviteCard } from './invite-card';
import { WhitelistCard } from './whitelist-card';

/**
 * Admin dashboard › Users (issue 19): the accounts with their actions and the audit log, beside
 * the invitation form and the "Make Me Admin" whitelist on wide screens. On phones one column:
 * the invitation, the accounts, the whitelist, the log (the columns' boxes give way, `contents`,
 * so their cards can be ordered among each other).
 */
export function UsersTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="contents lg:col-start-2 lg:row-start-1 lg:grid lg:min-w-0 lg:content-start lg:gap-6">
        <InviteCard className="order-1 lg:order-none" />
        <WhitelistCard className="order-3 lg:order-none" />
        <AdminMfaCard className="order-3 lg:order-none" />
      </div>
      <div className="contents lg:col-start-1 lg:row-start-1 lg:grid lg:min-w-0 lg:content-start lg:gap-6">
        <AccountsCard className="order-2 lg:order-none" />
        <AuditLogCard className="order-4 lg:order-none" />
      </div>
    </div>
  );
}
