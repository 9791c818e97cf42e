import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../../app/paths';
import { PageLoader } from '../../../components/layout/page-loader';
import { useSession } from '../../../lib/session/use-session';

/** Guard for /chat, /pricing, /profile: signed-out visitors go to /login, keeping the origin. */
export function RequireAuth() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageLoader />;
  if (status === 'signed-out') {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    const state: Record<string, unknown> = { from };
    const discipline = (location.state as { selectedDiscipline?: unknown } | null)?.selectedDiscipline;
    if (typeof discipline === 'string') state.selectedDiscipline = discipline;
    // The loader stays while the sign-in page loads, so the page does not collapse meanwhile.
    return (
      <>
        <PageLoader />
        <Navigate to={paths.login} replace state={state} />
      </>
    );
  }
  return <Outlet />;
}
