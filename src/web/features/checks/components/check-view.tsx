import { CircleAlertIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { AppError } from '../../../../shared/errors';
import { messages } from '../../../../shared/messages';
import { LoadFailed, Loading } from '../../../components/load-state';
import { formatDateTime } from '../../../lib/format-date';
import { isCheckActive, useCheck } from '../api/get-check';
import { countVerdicts } from '../lib/verdicts';
import { CheckProgress } from './check-progress';
import { CheckResults } from './check-results';
import { ReportButton } from './report-button';

const text = messages.checkPage;

/**
 * One check, as the server has it: its progress while it runs, its reason if it failed, its
 * results once done. `focusOnLoad` moves focus to its heading (after an upload, so a keyboard or
 * screen-reader user lands on what they started).
 */
export function CheckView({ id, viewer, focusOnLoad }: { id: string; viewer: string | null; focusOnLoad: boolean }) {
  const query = useCheck(id, viewer);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hasData = query.data !== undefined;
  useEffect(() => {
    if (focusOnLoad && hasData) headingRef.current?.focus();
  }, [focusOnLoad, hasData, id]);

  if (query.isPending) return <Loading label={text.progress.loading} />;
  if (query.isError) {
    if (query.error instanceof AppError && query.error.status === 404) {
      return (
        <p role="alert" className="text-sm text-destructive">
          {text.progress.notFound}
        </p>
      );
    }
    return <LoadFailed error={query.error} fallback={text.progress.loadFailed} onRetry={() => void query.refetch()} />;
  }

  const check = query.data;
  const isDone = check.status === 'done';
  return (
    <section aria-labelledby={`check-${check.id}`} className="grid gap-6 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <h2 id={`check-${check.id}`} ref={headingRef} tabIndex={-1} className="break-words text-xl font-semibold focus:outline-none">
            {check.document.name}
          </h2>
          <p className="text-sm text-muted-foreground">{text.summary.checkedBy(check.standard, formatDateTime(check.createdAt, check.createdAt))}</p>
          {check.edition ? <p className="text-xs text-muted-foreground">{text.summary.edition(check.edition)}</p> : null}
        </div>
        {isDone ? <ReportButton check={check} /> : null}
      </header>
      {isCheckActive(check.status) ? <CheckProgress progress={check.progress} /> : null}
      {check.status === 'failed' ? (
        <div role="alert" className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm">
          <CircleAlertIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
          <div className="grid gap-1">
            <p className="font-semibold text-destructive">{text.progress.failedTitle}</p>
            <p>{check.error ?? text.progress.failedFallback}</p>
          </div>
        </div>
      ) : null}
      {isDone ? (
        <>
          <p role="status" className="sr-only">
            {text.progress.finished(countVerdicts(check.findings).non_conformance)}
          </p>
          <CheckResults check={check} viewer={viewer} />
        </>
      ) : null}
    </section>
  );
}
