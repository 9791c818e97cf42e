import { citationLabel } from '../../../../shared/citation-label';
import { messages } from '../../../../shared/messages';
import { REQUIREMENT_PARAMETERS } from '../../../../shared/schemas/requirements';
import type { CheckFinding } from '../../../../shared/schemas/checks';

/** The report's own headings and sentences; what the findings page shows too lives in `messages.checkFindings`. */
const findingColumns = messages.checkPage.findings;

export const REPORT_WORDING = {
  title: 'Document check report',
  author: 'Trackside',
  headings: {
    summary: 'Summary',
    findings: 'Findings',
    redline: 'Redline of the non-conformances',
    needsReview: 'Needs review',
    overrides: 'Reviewer overrides',
    library: 'Library edition and verification',
  },
  facts: {
    document: 'Document',
    type: 'Type',
    pages: 'Pages',
    standard: 'Standard',
    edition: 'Library edition',
    checked: 'Checked',
    checkedBy: 'Checked by',
    generated: 'Report generated',
    status: 'Status',
  },
  editionUnknown: 'not recorded',
  summaryLine: (counts: { nonConformances: number; conforms: number; needsReview: number }) =>
    `${counts.nonConformances} non-conformance${counts.nonConformances === 1 ? '' : 's'}, ${counts.conforms} conforming, ${counts.needsReview} needing review.`,
  overriddenLine: (overridden: number) =>
    overridden === 0
      ? 'No verdict was overridden by a reviewer.'
      : `${overridden} verdict${overridden === 1 ? ' was' : 's were'} overridden by a reviewer; the counts above use the reviewers’ verdicts.`,
  noFindings: 'The check found no value in the document that a requirement limits, so there are no findings.',
  noNonConformances: 'No non-conformances.',
  noNeedsReview: 'No finding needs review.',
  noOverrides: 'No verdict was overridden.',
  notFinished: (status: string, error: string | null) =>
    `This check has not finished (status: ${status})${error ? `: ${error}` : ''}. The findings below are what it had when the report was made.`,
  table: {
    // The findings page's column titles, so the report and the page name a finding's parts alike.
    verdict: findingColumns.verdict,
    parameter: findingColumns.parameter,
    stated: findingColumns.stated,
    limit: findingColumns.limit,
    clause: findingColumns.clause,
    location: findingColumns.location,
    marks: 'Marks',
    finding: 'Finding',
    who: 'Who',
    when: 'When',
    change: 'From → to',
    note: 'Note',
  },
  redline: {
    intro:
      'Each non-conforming statement is quoted as the document states it, with the stated value struck through and the limit inserted as tracked changes; the comment on each change cites the clause with its quoted words.',
    notFound: 'The stated value could not be told apart in this statement, so the statement is quoted unchanged and the change is proposed below.',
    proposed: 'Proposed: ',
    noRequirement: 'No requirement was matched to this value, so there is no limit to insert; a reviewer marked it a non-conformance.',
    reviewer: (by: string, at: string, note: string) => `Reviewer ${by} (${at}): ${note}`,
  },
  verification: (edition: string) =>
    `Requirements were verified against the library edition ${edition} when they were loaded. Second pass: every clause quote in this report was re-matched against that edition of the library, and every stated value against the document's own text, before the check reported it; a finding that failed either is listed as needing review, never as a fact.`,
  noValue: 'not read as a number',
} as const;

/** A finding's parameter as a reviewer reads it ("Elevation of the outside rail of a curve"). */
export function parameterLabel(finding: Pick<CheckFinding, 'parameter'>): string {
  const known = (REQUIREMENT_PARAMETERS as Readonly<Record<string, string>>)[finding.parameter];
  if (known) return known;
  const words = finding.parameter.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A clause as its jurisdiction cites it: "49 CFR 213.57(a)", "SOR/2014-275, s. 12(1)". */
export function clauseCitation(requirement: { standard: string; ref: string }): string {
  return citationLabel(requirement.standard, requirement.ref);
}

/** A value with its unit as stated ("7.25 in"). */
export function statedValue(finding: Pick<CheckFinding, 'value' | 'unit'>): string {
  if (finding.value === null) return REPORT_WORDING.noValue;
  return `${Math.round(finding.value * 1000) / 1000}${finding.unit ? ` ${finding.unit}` : ''}`;
}

/** An ISO time as the report prints it: "2026-06-17 14:03 UTC". */
export function reportTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
