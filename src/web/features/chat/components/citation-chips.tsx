import { BookMarkedIcon } from 'lucide-react';
import type { Citation } from '../../../../shared/schemas/chat';
import { citationRef } from '../lib/citations';

/** The clauses an answer cites, as chips that open the clause text. */
export function CitationChips({ citations, onOpen }: { citations: readonly Citation[]; onOpen: (citation: Citation) => void }) {
  if (citations.length === 0) return null;
  return (
    <div className="grid gap-1.5">
      {/* The answer's text lists its clauses already; these chips open each one's full text. */}
      <p className="text-xs font-medium text-muted-foreground">Read the full clause text</p>
      <ul className="flex flex-wrap gap-1.5" aria-label="Cited clauses">
        {citations.map((citation) => (
          <li key={`${citation.standard}|${citation.ref}|${citation.pinpoint ?? ''}`}>
            <button
              type="button"
              onClick={() => onOpen(citation)}
              title={citation.heading}
              aria-label={`${citationRef(citation)}: ${citation.heading}`}
              className="inline-flex max-w-full items-center gap-1 rounded-full border bg-background px-2.5 py-1 text-xs font-medium hover:border-primary hover:text-primary"
            >
              <BookMarkedIcon className="size-3.5 shrink-0" aria-hidden />
              <span className="truncate">{citationRef(citation)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
