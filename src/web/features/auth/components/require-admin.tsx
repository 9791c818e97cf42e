import { ShieldAlertIcon, ShieldCheckIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { assistantMessages } from '../../../../shared/assistant-messages';
import { AppError, ErrorCode } from '../../../../shared/errors';
import { messages } from '../../../../shared/messages';
import { paths } from '../../../app/paths';
import { PageLoader } from '../../../components/layout/page-loader';
import { Button } from '../../../components/ui/button';
import { useRoles } from '../../../lib/session/get-roles';
import { useAdminMfaSettings } from '../../../lib/admin-mfa-settings';
import { useSession } from '../../../lib/session/use-session';
import { toast } from '../../../lib/toast';

/** Long enough to read 'Access Denied', short enough not to strand anyone. */
export const NOT_ADMIN_REDIRECT_MS = 2500;

/** SPEC §2 'Access Denied' with 'Return to Home', and §4's toast and redirect home. */
function NotAdmin() {
  const navigate = useNavigate();
  useEffect(() => {
    // A fixed id keeps StrictMode's double effect from stacking two toasts.
    toast.error(messages.admin.unauthorizedTitle, {
      id: 'admin-unauthorized',
      description: messages.admin.unauthorizedDescription,
    });
    const timer = setTimeout(() => void navigate(paths.home, { replace: true }), NOT_ADMIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-4 px-4 py-20 text-center">
      <ShieldAlertIcon className="size-10 text-destructive" aria-hidden />
      <h1 className="text-2xl font-semibold tracking-tight">{assistantMessages.admin.accessDeniedTitle}</h1>
      <p className="text-muted-foreground">The dashboard is for administrators. Taking you back to the home page…</p>
      <Button asChild>
        <Link to={paths.home} replace>
          Return to Home
        </Link>
      </Button>
    </div>
  );
}

/** An admin without MFA while it is required for admins (issue 19): where to set it up. */
function AdminNeedsMfa() {
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-4 px-4 py-20 text-center">
      <ShieldCheckIcon className="size-10 text-primary" aria-hidden />
      <h1 className="text-2xl font-semibold tracking-tight">Set up two-factor authentication</h1>
      <p className="text-muted-foreground">{messages.mfa.adminMfaRequired}</p>
      <Button asChild>
        <Link to={`${paths.profile}#two-factor`}>Set up on my profile</Link>
      </Button>
    </div>
  );
}

/** Guard for /admin (SPEC §4): checking, then admin, or a toast and home; no user → /login. */
export function RequireAdmin() {
  const { status } = useSession();
  const location = useLocation();
  const roles = useRoles();
  if (status === 'loading') return <PageLoader label="Loading dashboard..." />;
  if (status === 'signed-out') {
    return <Navigate to={paths.login} replace state={{ from: { pathname: location.pathname, search: location.search, hash: location.hash } }} />;
  }
  if (roles.isPending) return <PageLoader label="Loading dashboard..." />;
  // A failed check counts as "not admin" (SPEC §6).
  if (roles.data?.admin !== true) return <NotAdmin />;
  return <AdminMfaGate />;
}

/** The admin API answers `mfa_required` to an admin without MFA while it is required: say so here too. */
function AdminMfaGate() {
  const settings = useAdminMfaSettings();
  if (settings.isPending) return <PageLoader label="Loading dashboard..." />;
  if (settings.error instanceof AppError && settings.error.code === ErrorCode.mfaRequired) return <AdminNeedsMfa />;
  return <Outlet />;
}
