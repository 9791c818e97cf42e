import type { UseQueryResult } from '@tanstack/react-query';
import { LoaderCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './ui/button';
import { serverMessage } from '../lib/server-errors';
import { cn } from '../lib/utils';

/** Something that is still loading (a list, a section). */
export function Loading({ label, className }: { label: string; className?: string }) {
  return (
    <p role="status" className={cn('flex items-center gap-2 text-sm text-muted-foreground', className)}>
      <LoaderCircleIcon className="size-4 motion-safe:animate-spin" aria-hidden />
      {label}
    </p>
  );
}

/**
 * A list that failed to load, with a way to try again. Says the server's message when it sent
 * one (SPEC §8 Admin data), else `fallback`.
 */
export function LoadFailed({ error, fallback, onRetry, className }: { error: unknown; fallback: string; onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={cn('flex flex-wrap items-center gap-3 text-sm text-destructive', className)}>
      {serverMessage(error, fallback)}
      <Button variant="outline" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

interface QueryListProps<T> {
  query: UseQueryResult<T[]>;
  /** What is loading, e.g. 'Loading tags...'. */
  loading: string;
  /** Said when loading fails and the server sent no message of its own. */
  failed: string;
  /** Said when there are no items; without it an empty list still renders (a table with its header). */
  empty?: string;
  /** The list sits flush in its card, so the empty sentence takes the card's padding. */
  flush?: boolean;
  children: (items: T[]) => ReactNode;
}

/** A list query in its four states: loading, failed (with Retry), empty and its items. */
export function QueryList<T>({ query, loading, failed, empty, flush = false, children }: QueryListProps<T>) {
  if (query.isPending) return <Loading label={loading} />;
  if (query.isError) return <LoadFailed error={query.error} fallback={failed} onRetry={() => void query.refetch()} />;
  if (empty !== undefined && query.data.length === 0) return <p className={cn('text-sm text-muted-foreground', flush && 'px-3')}>{empty}</p>;
  return children(query.data);
}
