import { FileTextIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../../shared/messages';
import { checkPath } from '../../../app/paths';
import { LoadFailed, Loading } from '../../../components/load-state';
import { formatDateTime } from '../../../lib/format-date';
import { cn } from '../../../lib/utils';
import { useChecks } from '../api/get-checks';

const text = messages.checkPage.history;

/** The viewer's earlier checks, newest first, each reopening its results; the one shown is marked. */
export function ChecksHistory({ viewer, currentId }: { viewer: string | null; currentId: string | undefined }) {
  const headingId = useId();
  const checks = useChecks(viewer);
  let body;
  if (checks.isPending) body = <Loading label={text.loading} />;
  else if (checks.isError) body = <LoadFailed error={checks.error} fallback={text.failed} onRetry={() => void checks.refetch()} />;
  else if (checks.data.length === 0) body = <p className="text-sm text-muted-foreground">{text.empty}</p>;
  else
    body = (
      <ul className="grid max-h-96 gap-1 overflow-y-auto">
        {checks.data.map((check) => {
          const when = formatDateTime(check.createdAt, check.createdAt);
          const isCurrent = check.id === currentId;
          return (
            <li key={check.id}>
              <Link
                to={checkPath(check.id)}
                aria-current={isCurrent ? 'page' : undefined}
                className={cn(
                  'grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 rounded-md px-2 py-2 text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
                  isCurrent && 'bg-accent',
                )}
              >
                <FileTextIcon className="mt-0.5 size-4 text-muted-foreground" aria-hidden />
                <span className="truncate font-medium">{check.document.name}</span>
                <span className="col-start-2 text-xs text-muted-foreground">
                  {when} · {text.statuses[check.status]}
                </span>
                {check.status === 'done' ? <span className="col-start-2 text-xs text-muted-foreground">{text.counts(check.summary)}</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    );
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-3 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold">
        {text.heading}
      </h2>
      {body}
    </section>
  );
}
