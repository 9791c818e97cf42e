import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../app/paths';
import { Button } from '../ui/button';

/** Shown when a page fails to load or throws (for example a chunk missing after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '';
  console.warn('Route error:', error);
  return (
    <main className="mx-auto grid min-h-dvh max-w-lg place-content-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-muted-foreground">The page could not be shown. Reloading usually helps.</p>
      {detail ? <p className="break-words text-sm text-muted-foreground">{detail}</p> : null}
      <div className="flex justify-center gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="outline" asChild>
          <Link to={paths.home} reloadDocument>
            Return to Home
          </Link>
        </Button>
      </div>
    </main>
  );
}
