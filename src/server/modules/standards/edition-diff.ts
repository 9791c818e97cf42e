import { diffWords } from 'diff';
import type { ClauseChange, WordChange } from '../../../shared/schemas/editions';

/** A clause as the difference reads it. */
export interface DiffClause {
  ref: string;
  section: string;
  heading: string;
  text: string;
}

/** The refs an edition added, removed and changed against another, as an import records them. */
export interface ClauseChangeSummary {
  added: Omit<DiffClause, 'text'>[];
  removed: Omit<DiffClause, 'text'>[];
  changed: Omit<DiffClause, 'text'>[];
  unchanged: number;
}

/**
 * Past this many inserted and deleted words (or this long finding them) the word-level difference
 * is not worth reading (a clause rewritten whole) and costs more to find than a request may spend:
 * the clause is shown as its old text removed and its new text added. Measured here: a 2,000-word
 * clause with 30 changes takes 30 ms; a 3,000-word rewrite gives up after some 200 ms.
 */
const MAX_EDIT_LENGTH = 500;
const MAX_DIFF_MS = 250;

/**
 * Whitespace and line breaks are not a change of wording: an edition read from eCFR XML and the
 * same text from a JSONL file lay out a table or a list differently.
 */
function wording(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const label = ({ ref, section, heading }: DiffClause) => ({ ref, section, heading });

/** Whether a clause's wording (its text or its heading) differs between two editions. */
function differs(before: DiffClause, after: DiffClause): boolean {
  return wording(before.text) !== wording(after.text) || wording(before.heading) !== wording(after.heading);
}

/**
 * Which clauses of `after` are new, which of `before` are gone and which changed their words,
 * matched by ref (a clause that moved keeps its ref; one renumbered is removed and added). In the
 * order of `after`, removed ones in the order of `before`.
 */
export function summariseClauseChanges(before: readonly DiffClause[], after: readonly DiffClause[]): ClauseChangeSummary {
  const old = new Map(before.map((c) => [c.ref, c]));
  const now = new Set(after.map((c) => c.ref));
  const summary: ClauseChangeSummary = { added: [], removed: [], changed: [], unchanged: 0 };
  for (const clause of after) {
    const previous = old.get(clause.ref);
    if (!previous) summary.added.push(label(clause));
    else if (differs(previous, clause)) summary.changed.push(label(clause));
    else summary.unchanged += 1;
  }
  for (const clause of before) if (!now.has(clause.ref)) summary.removed.push(label(clause));
  return summary;
}

/**
 * The words of a changed text: runs kept, removed (only in `before`) and added (only in `after`),
 * by the `diff` package's word tokenizer, which keeps the original spacing. A rewrite past
 * {@link MAX_EDIT_LENGTH} or {@link MAX_DIFF_MS} comes back as the whole old text removed and the whole new text added.
 */
export function diffClauseWords(before: string, after: string): WordChange[] {
  const parts = diffWords(before, after, { maxEditLength: MAX_EDIT_LENGTH, timeout: MAX_DIFF_MS });
  if (!parts) {
    return [
      { kind: 'removed', text: before },
      { kind: 'added', text: after },
    ];
  }
  const words: WordChange[] = [];
  for (const part of parts) {
    const kind = part.added ? 'added' : part.removed ? 'removed' : 'same';
    const last = words.at(-1);
    // Adjacent runs of one kind read as one (the tokenizer may split them at spaces).
    if (last?.kind === kind) last.text += part.value;
    else words.push({ kind, text: part.value });
  }
  return words;
}

/**
 * Every clause that differs from `before` to `after`, in the order of `after` with each removed
 * clause after the clause that preceded it in `before`; changed clauses carry their words.
 */
export function diffEditions(before: readonly DiffClause[], after: readonly DiffClause[]): { clauses: ClauseChange[]; unchanged: number } {
  const old = new Map(before.map((c) => [c.ref, c]));
  const now = new Set(after.map((c) => c.ref));
  // Removed clauses go after the nearest clause before them that is still there.
  const removedAfter = new Map<string | undefined, DiffClause[]>();
  let anchor: string | undefined;
  for (const clause of before) {
    if (now.has(clause.ref)) anchor = clause.ref;
    else removedAfter.set(anchor, [...(removedAfter.get(anchor) ?? []), clause]);
  }
  const removed = (key: string | undefined): ClauseChange[] =>
    (removedAfter.get(key) ?? []).map((c) => ({ kind: 'removed', ...label(c), text: c.text }));

  const clauses: ClauseChange[] = [...removed(undefined)];
  let unchanged = 0;
  for (const clause of after) {
    const previous = old.get(clause.ref);
    if (!previous) clauses.push({ kind: 'added', ...label(clause), text: clause.text });
    else if (differs(previous, clause)) {
      const headingChanged = wording(previous.heading) !== wording(clause.heading);
      clauses.push({
        kind: 'changed',
        ...label(clause),
        ...(headingChanged ? { previousHeading: previous.heading } : {}),
        words: diffClauseWords(previous.text, clause.text),
      });
    } else unchanged += 1;
    if (previous) clauses.push(...removed(clause.ref));
  }
  return { clauses, unchanged };
}
