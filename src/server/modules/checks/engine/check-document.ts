import type { CheckResult, Finding } from '../../../../shared/schemas/checks';
import type { DocumentContent } from '../../../../shared/schemas/document-content';
import type { LoadedRequirement, TrackClass } from '../../../../shared/schemas/requirements';
import type { LibraryClause } from '../requirements/quotes';
import { checkParagraph, checkProposedValue } from './check-statements';
import { checkTable, type DraftFinding } from './check-tables';
import { readDocumentFacts } from './document-facts';
import type { ProposedValue } from './model-extraction';
import { verifyFinding } from './second-pass';
import { declaredTrackClass, trackClassesNamed } from './vocabulary';

/*
 * The check itself, with nothing of the database: the worker thread that runs it imports this
 * file alone, so it never loads the standards module, Drizzle or a database driver.
 */

/** What the check runs against: the requirements as loaded now, and the library clauses their quotes are re-matched in. */
export interface CheckLibrary {
  requirements: LoadedRequirement[];
  clauses: ReadonlyMap<string, LibraryClause>;
}

/**
 * A model entity's value stands in every row its conditions reach (an alignment's cant deficiency
 * in each of its curves' rows, as their condition): it is one statement, reported once per
 * requirement and verdict. Table rows of other documents each state their own value.
 */
function sameStatementKey(finding: Omit<Finding, 'id'>): string | undefined {
  const entity = finding.location.entity;
  return entity ? [entity, finding.parameter, finding.requirement?.ref ?? '', finding.verdict].join('|') : undefined;
}

/**
 * Checks a document read by the readers: every value a table states and every design value a
 * paragraph states that a requirement limits becomes a finding; each passes the second pass
 * before it is a fact. A class stated in a heading holds for its section; one declared in a
 * paragraph ("Track class: 4") holds for what follows; a row's or sentence's own class wins.
 * `proposals` are values the language model found in prose (see `proposeValues`), already
 * verified against the document's text; their findings are marked `extractedBy: 'model'`.
 */
export function checkDocument(content: DocumentContent, library: CheckLibrary, options: { proposals?: ProposedValue[] } = {}): CheckResult {
  const cache = new Map<string, string>();
  const findings: Finding[] = [];
  const enabled = library.requirements.filter((r) => r.status === 'enabled');
  const facts = readDocumentFacts(content);
  let declared: { where: string; trackClass: TrackClass } | undefined;
  const headingClasses: (TrackClass | undefined)[] = [];
  const reported = new Set<string>();
  const scope = (sheet?: string) => sheet ?? '';
  const push = (draft: DraftFinding) => {
    const { source: _source, ...finding } = verifyFinding(draft, library.clauses, cache);
    findings.push({ id: `f${findings.length + 1}`, ...finding });
  };
  for (const block of content.blocks) {
    const documentClass = declared && declared.where === scope(block.kind === 'table' ? block.sheet : block.location.sheet) ? declared.trackClass : undefined;
    const sectionClass = headingClasses.findLast((c) => c !== undefined);
    if (block.kind === 'paragraph') {
      if (block.headingLevel !== undefined) {
        headingClasses.length = block.headingLevel - 1;
        const named = new Set(trackClassesNamed(block.text).map((c) => c.trackClass));
        headingClasses[block.headingLevel - 1] = named.size === 1 ? [...named][0] : undefined;
        continue;
      }
      const trackClass = declaredTrackClass(block.text);
      if (trackClass !== undefined) {
        declared = { where: scope(block.location.sheet), trackClass };
        continue;
      }
      for (const draft of checkParagraph(block, facts, { sectionClass, documentClass }, enabled)) push(draft);
      for (const proposal of options.proposals ?? []) {
        if (!block.text.includes(proposal.quote)) continue;
        for (const draft of checkProposedValue(block, proposal, facts, { sectionClass, documentClass }, enabled)) push(draft);
      }
      continue;
    }
    for (const draft of checkTable(block, library.requirements, sectionClass ?? documentClass)) {
      const { source: _source, ...finding } = verifyFinding(draft, library.clauses, cache);
      const key = sameStatementKey(finding);
      if (key !== undefined && reported.has(key)) continue;
      if (key !== undefined) reported.add(key);
      findings.push({ id: `f${findings.length + 1}`, ...finding });
    }
  }
  const count = (verdict: Finding['verdict']) => findings.filter((f) => f.verdict === verdict).length;
  return { summary: { nonConformances: count('non_conformance'), conforms: count('conforms'), needsReview: count('needs_review') }, findings };
}
