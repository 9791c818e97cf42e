import { useEffect, useRef, type ReactNode } from 'react';
import { messages } from '../../../../shared/messages';
import type { CheckFinding } from '../../../../shared/schemas/checks';
import type { ParagraphBlock } from '../../../../shared/schemas/document-content';
import { Loading } from '../../../components/load-state';
import { useCheckContent } from '../api/get-check-content';
import { locateSource, splitAround, type SourcePassage } from '../lib/locate-source';

const text = messages.checkPage.source;

/** `content` with `needle` marked where it stands in it; the whole of it marked when the needle is not found. */
function Highlighted({ content, needle }: { content: string; needle: string }) {
  const parts = splitAround(content, needle);
  if (!parts) return <mark className="rounded-sm bg-warning/60 px-0.5 text-foreground">{content}</mark>;
  return (
    <>
      {parts.before}
      <mark className="rounded-sm bg-warning/60 px-0.5 text-foreground">{parts.match}</mark>
      {parts.after}
    </>
  );
}

function RowPassage({ passage, where }: { passage: Extract<SourcePassage, { kind: 'row' }>; where: string }) {
  const { table, row, column } = passage;
  const boxRef = useRef<HTMLDivElement>(null);
  const cellRef = useRef<HTMLTableCellElement>(null);
  useEffect(() => {
    // A schedule is wider than a phone: bring the value's cell into view inside the row's own scrolling box.
    const box = boxRef.current;
    const cell = cellRef.current;
    if (box && cell) box.scrollLeft = Math.max(0, cell.offsetLeft - (box.clientWidth - cell.offsetWidth) / 2);
  }, []);
  return (
    <div ref={boxRef} className="overflow-x-auto rounded-md border" role="region" aria-label={text.tableCaption(where)} tabIndex={0}>
      <table className="w-full text-xs">
        {table.caption ? <caption className="px-2 py-1.5 text-left font-medium">{table.caption}</caption> : null}
        <thead className="bg-muted/60">
          <tr>
            {table.columns.map((title, index) => (
              <th key={index} scope="col" className="whitespace-nowrap px-2 py-1.5 text-left font-medium text-muted-foreground">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className="bg-warning/15">
            {row.cells.map((cell, index) => (
              <td key={index} ref={index === column ? cellRef : undefined} className="whitespace-nowrap px-2 py-1.5">
                {/* The value's own cell is marked; without a known column the whole row is the source. */}
                {column === undefined || column === index ? <mark className="rounded-sm bg-warning/60 px-0.5 text-foreground">{cell}</mark> : cell}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function ParagraphsPassage({ passage, needle }: { passage: Extract<SourcePassage, { kind: 'paragraphs' }>; needle: string }) {
  const markRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // A page can be long: bring the statement into view inside its own scrolling box.
    const target = markRef.current;
    const box = target?.parentElement;
    if (target && box) box.scrollTop = Math.max(0, target.offsetTop - box.offsetTop - 24);
  }, []);
  const render = (paragraph: ParagraphBlock, index: number): ReactNode => {
    const isTarget = index === passage.target;
    const className = paragraph.headingLevel ? 'font-semibold' : undefined;
    return (
      <p key={index} ref={isTarget ? markRef : undefined} className={className}>
        {isTarget ? <Highlighted content={paragraph.text} needle={needle} /> : paragraph.text}
      </p>
    );
  };
  return (
    <div className="grid gap-1">
      {passage.page !== undefined ? <p className="text-xs font-medium text-muted-foreground">{text.pageCaption(passage.page)}</p> : null}
      <div className="grid max-h-72 gap-2 overflow-y-auto rounded-md border bg-background p-3 text-sm leading-relaxed">{passage.paragraphs.map(render)}</div>
    </div>
  );
}

/** The source text alone, when the document's text is not at hand or the passage is not in it. */
function SourceTextOnly({ source, note }: { source: string; note: string | undefined }) {
  return (
    <div className="grid gap-1.5">
      {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      <p className="rounded-md border bg-background p-3 font-mono text-xs leading-relaxed break-words">
        <mark className="rounded-sm bg-warning/60 px-0.5 text-foreground">{source}</mark>
      </p>
    </div>
  );
}

/**
 * Where a finding stands in the document: its table row with the value's cell marked, or the
 * page (or paragraphs) with its statement marked, read from the check's document content.
 */
export function FindingSource({ checkId, viewer, finding, where }: { checkId: string; viewer: string | null; finding: CheckFinding; where: string }) {
  const content = useCheckContent(checkId, viewer, true);
  let body: ReactNode;
  if (content.isPending) body = <Loading label={text.loading} />;
  else if (content.isError) body = <SourceTextOnly source={finding.location.text} note={text.failed} />;
  else {
    const passage = locateSource(content.data, finding.location);
    if (passage.kind === 'row') body = <RowPassage passage={passage} where={where} />;
    else if (passage.kind === 'paragraphs') body = <ParagraphsPassage passage={passage} needle={finding.location.text} />;
    else body = <SourceTextOnly source={finding.location.text} note={text.notFound} />;
  }
  return (
    <div className="grid gap-2">
      <p className="text-xs font-semibold text-muted-foreground">{text.heading}</p>
      {body}
    </div>
  );
}
