import { BookMarkedIcon, CircleSlashIcon, DownloadIcon, LoaderCircleIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { citationLabel } from '../../../../shared/citation-label';
import { messages } from '../../../../shared/messages';
import type { CompareColumn, CompareExportFormat, CompareRequest, CompareResponse, CompareRow } from '../../../../shared/schemas/compare';
import type { StandardSummary } from '../../../../shared/schemas/standards';
import { standardPath } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { exportComparison } from '../api/compare';

const text = messages.comparePage;

/** Up to four columns side by side on a wide screen; one under another on a phone. */
const GRID_COLUMNS: Record<number, string> = { 1: '', 2: 'md:grid-cols-2', 3: 'md:grid-cols-2 xl:grid-cols-3', 4: 'md:grid-cols-2 xl:grid-cols-4' };

function ExportButtons({ request }: { request: CompareRequest }) {
  const [busy, setBusy] = useState<CompareExportFormat>();
  const run = async (format: CompareExportFormat) => {
    setBusy(format);
    try {
      await exportComparison(request, format);
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      {(['docx', 'csv'] as const).map((format) => (
        <Button key={format} variant="outline" size="sm" disabled={busy !== undefined} aria-busy={busy === format} onClick={() => void run(format)}>
          {busy === format ? <LoaderCircleIcon className="motion-safe:animate-spin" aria-hidden /> : <DownloadIcon aria-hidden />}
          {busy === format ? text.exporting : format === 'docx' ? text.exportDocx : text.exportCsv}
        </Button>
      ))}
    </div>
  );
}

function ValuesTable({ rows, columns, nameOf }: { rows: CompareRow[]; columns: CompareColumn[]; nameOf: (code: string) => string }) {
  return (
    <section aria-labelledby="compare-values" className="grid gap-2">
      <h3 id="compare-values" className="text-lg font-semibold">
        {text.valuesHeading}
      </h3>
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full border-collapse text-sm">
          <caption className="px-3 py-2 text-left text-xs text-muted-foreground">{text.valuesCaption}</caption>
          <thead className="bg-muted/50">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {text.parameter}
              </th>
              {columns.map((c) => (
                <th key={c.standard} scope="col" className="px-3 py-2 text-left font-medium">
                  {nameOf(c.standard)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.parameter} className="border-t">
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {row.parameter}
                </th>
                {columns.map((c) => {
                  const value = row.values[c.standard];
                  return (
                    <td key={c.standard} className="px-3 py-2 align-top">
                      {value ? (
                        <>
                          <span className="font-semibold">
                            {value.value} {value.unit}
                          </span>{' '}
                          <Link
                            to={standardPath(c.standard, value.ref)}
                            className="text-primary underline underline-offset-2"
                            aria-label={text.openClause(citationLabel(c.standard, value.ref))}
                          >
                            {citationLabel(c.standard, value.ref)}
                          </Link>
                        </>
                      ) : (
                        text.notStated
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Column({ column, standard }: { column: CompareColumn; standard: StandardSummary | undefined }) {
  const name = standard?.name ?? column.standard;
  const headingId = `compare-column-${column.standard.replace(/[^A-Za-z0-9]+/g, '-')}`;
  return (
    <li className="min-w-0">
      <article aria-labelledby={headingId} className="grid h-full content-start gap-3 rounded-xl border bg-card p-4 shadow-sm">
        <header className="grid gap-1">
          <h3 id={headingId} className="text-base font-semibold leading-snug">
            {name}
          </h3>
          <p className="text-xs text-muted-foreground">
            {[standard?.jurisdiction, column.status === 'provisions' ? text.provisionsCount(column.provisions.length) : null].filter(Boolean).join(' · ')}
          </p>
        </header>
        {column.status === 'none' ? (
          <div className="grid gap-1 rounded-lg border border-dashed p-3 text-sm">
            <p className="flex items-center gap-2 font-medium">
              <CircleSlashIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              {text.noProvision(name)}
            </p>
            <p className="text-muted-foreground">{text.noProvisionDetail}</p>
          </div>
        ) : (
          <ol className="grid gap-4">
            {column.provisions.map((p) => (
              <li key={p.ref} className="grid gap-1.5">
                <Link
                  to={standardPath(column.standard, p.ref)}
                  className="inline-flex items-start gap-1.5 text-sm font-medium text-primary underline-offset-2 hover:underline"
                  aria-label={`${text.openClause(citationLabel(column.standard, p.ref))}: ${p.heading}`}
                >
                  <BookMarkedIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
                  <span>
                    {citationLabel(column.standard, p.ref)}
                    {p.heading ? <span className="font-normal text-foreground"> — {p.heading}</span> : null}
                  </span>
                </Link>
                <blockquote className="whitespace-pre-line break-words border-l-2 border-primary/40 pl-3 text-sm text-muted-foreground">{p.quote}</blockquote>
              </li>
            ))}
          </ol>
        )}
      </article>
    </li>
  );
}

export interface CompareResultsProps {
  request: CompareRequest;
  comparison: CompareResponse;
  standards: readonly StandardSummary[];
  /** Move the focus to the results' heading (after a comparison the user asked for). */
  focus: boolean;
}

/** The matrix: the values lined up, then one column per standard (stacked on small screens), and the exports. */
export function CompareResults({ request, comparison, standards, focus }: CompareResultsProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) headingRef.current?.focus();
  }, [focus, comparison]);
  const byCode = new Map(standards.map((s) => [s.code, s]));
  const nameOf = (code: string) => byCode.get(code)?.name ?? code;
  const count = Math.min(comparison.columns.length, 4);
  return (
    <section aria-labelledby="compare-results" className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="compare-results" ref={headingRef} tabIndex={-1} className="max-w-4xl text-xl font-semibold tracking-tight outline-none sm:text-2xl">
          {text.resultsHeading(comparison.topic)}
        </h2>
        <ExportButtons request={request} />
      </div>
      {comparison.rows?.length ? <ValuesTable rows={comparison.rows} columns={comparison.columns} nameOf={nameOf} /> : null}
      <ul aria-label={text.columnsLabel} className={cn('grid gap-4', GRID_COLUMNS[count])}>
        {comparison.columns.map((column) => (
          <Column key={column.standard} column={column} standard={byCode.get(column.standard)} />
        ))}
      </ul>
    </section>
  );
}
