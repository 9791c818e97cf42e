import { FileTextIcon } from 'lucide-react';
import { useId } from 'react';
import type { StandardDetail } from '../api/get-standard';
import { clauseCountLabel } from '../../../lib/standard-groups';
import { SourceText } from './source-text';

/**
 * A standard's documents: each one's title, edition, discipline and clause count, and where its
 * text comes from (said once when every document shares it, as the bundled standards do).
 */
export function StandardOverview({ standard }: { standard: StandardDetail }) {
  const headingId = useId();
  const sources = new Set(standard.documents.map((d) => d.source ?? ''));
  const sharedSource = sources.size === 1 ? standard.documents[0]?.source : undefined;
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="grid gap-1">
        <h2 id={headingId} className="text-xl font-semibold">
          {standard.documents.length === 1 ? 'Document' : `Documents (${standard.documents.length})`}
        </h2>
        {sharedSource ? (
          <p className="text-sm break-words text-muted-foreground">
            <span className="font-medium text-foreground">Source: </span>
            <SourceText source={sharedSource} />
          </p>
        ) : null}
      </div>
      {standard.documents.length === 0 ? (
        <p className="text-sm text-muted-foreground">No document of this standard is loaded yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Documents of this standard">
          {standard.documents.map((d) => (
            <li key={d.id} className="grid gap-1 rounded-lg border p-3 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <span className="flex items-center gap-2 font-medium">
                  <FileTextIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  {d.title}
                </span>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {[d.disciplines.join(', '), clauseCountLabel(d.clauseCount)].filter(Boolean).join(' · ')}
                </span>
              </div>
              <p className="break-words text-muted-foreground">
                <span className="font-medium text-foreground">Edition: </span>
                {d.edition || 'not stated'}
              </p>
              {!sharedSource && d.source ? (
                <p className="break-words text-muted-foreground">
                  <span className="font-medium text-foreground">Source: </span>
                  <SourceText source={d.source} />
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
