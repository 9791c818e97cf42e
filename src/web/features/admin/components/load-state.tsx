import { LoaderCircleIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** A list that is still loading. */
export function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <LoaderCircleIcon className="size-4 motion-safe:animate-spin" aria-hidden />
      {label}
    </p>
  );
}

/** A list that failed to load, with a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
      {message}
      <Button variant="outline" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
