import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '../../../../shared/messages';
import { paths } from '../../../app/paths';
import { PageLoader } from '../../../components/layout/page-loader';
import { useRoles } from '../api/get-roles';
import { useSession } from '../hooks/use-session';

function NotAdmin() {
  const navigate = useNavigate();
  useEffect(() => {
    // A fixed id keeps StrictMode's double effect from stacking two toasts.
    toast.error(messages.admin.unauthorizedTitle, {
      id: 'admin-unauthorized',
      description: messages.admin.unauthorizedDescription,
    });
    void navigate(paths.home, { replace: true });
  }, [navigate]);
  return <PageLoader label="Loading dashboard..." />;
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
  return <Outlet />;
}
