import type { LibraryClause } from '../requirements/quotes';
import { clauseTextFor, containsQuote } from '../requirements/quotes';
import type { DraftFinding } from './check-tables';
import { readQuantity } from './quantities';
import { readStated } from './values';

/**
 * Whether a model entity's STEP line states `figure` as one of its numbers ("60" in
 * `IFCREAL(60.)`, "0.1905" in `…,0.1905,…`), not as a part of another ("6" in "60.", "4" in "2024").
 */
function statesFigure(stepLine: string, figure: string): boolean {
  const escaped = figure.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w.+#-])-?${escaped}(?:\\.0*)?(?![\\w.])`).test(stepLine);
}

/**
 * The second pass (issue 17, item 3): before a finding is shown as fact, its requirement's
 * quote is found again in the library's clause text and its value again in the document's
 * row or sentence text — for a value a model entity states, as a figure of that entity's STEP line. A finding failing either becomes needs-review with the reason; nothing unverified
 * is reported as a non-conformance or as conforming.
 */
export function verifyFinding(finding: DraftFinding, clauses: ReadonlyMap<string, LibraryClause>, cache?: Map<string, string>): DraftFinding {
  if (finding.verdict === 'needs_review') return finding;
  const demote = (reason: string): DraftFinding => ({ ...finding, verdict: 'needs_review', message: `${finding.message} Not shown as fact: ${reason}.` });
  const requirement = finding.requirement;
  if (!requirement) return demote('no requirement was matched');
  const lookup = clauseTextFor(requirement.ref, clauses);
  if (!lookup.found) return demote(`second pass: ${lookup.reason}`);
  if (!containsQuote(lookup.text, requirement.quote, cache)) return demote(`second pass: the quoted words are no longer in ${requirement.ref} of the library`);
  const cellText = finding.source.cellText.trim();
  if (!cellText || !finding.location.text.includes(cellText)) return demote("second pass: the value's text is not in the row as the document states it");
  if (finding.location.entity && finding.location.entity.startsWith('#') && !statesFigure(finding.location.text, cellText))
    return demote(`second pass: ${finding.location.entity} does not state ${cellText} as a figure of its own`);
  if (finding.value === null || (readStated(cellText)?.value ?? readQuantity(cellText)?.value) !== finding.value)
    return demote(`second pass: "${cellText}" does not read as ${finding.value ?? 'a number'}`);
  return finding;
}
