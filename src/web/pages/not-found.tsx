import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../app/paths';
import { Button } from '../components/ui/button';

/** * (SPEC §2 Not-found): the unknown path is logged as a warning. */
export function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    console.warn('404: no page at', location.pathname);
  }, [location.pathname]);
  return (
    <div className="mx-auto grid max-w-lg gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Oops! Page not found</h1>
      <p className="text-muted-foreground">
        There is no page at <code className="break-all rounded bg-muted px-1.5 py-0.5 text-sm">{location.pathname}</code>.
      </p>
      <div>
        <Button asChild>
          <Link to={paths.home}>Return to Home</Link>
        </Button>
      </div>
    </div>
  );
}

export { NotFoundPage as Component };
