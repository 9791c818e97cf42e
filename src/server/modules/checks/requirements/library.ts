import type { LoadedRequirement, Requirement, RequirementsReport } from '../../../../shared/schemas/requirements';
import type { Db } from '../../../db/client';
import { listClausesInSections } from '../../standards/service';
import { AUTHORED_REQUIREMENTS } from './authored';
import { FORMULAS } from './formulas';
import { clauseTextFor, containsQuote, type LibraryClause } from './quotes';
import { PART_213_TABLES, readTable, type TableSpec } from './table-readers';

/** The standard the requirements library covers (Parts 213, 214, 234 and 237 of 49 CFR). */
export const REQUIREMENTS_STANDARD = '49 CFR';

export interface RequirementsLibrary {
  /** Every requirement that could be read, enabled or disabled with the reason. */
  requirements: LoadedRequirement[];
  report: RequirementsReport;
}

export interface RequirementSources {
  tables: TableSpec[];
  authored: Requirement[];
}

const DEFAULT_SOURCES: RequirementSources = { tables: PART_213_TABLES, authored: AUTHORED_REQUIREMENTS };

/** `213.109(b)(4)` → `213.109`. */
export const sectionOf = (ref: string) => ref.replace(/\(.*$/, '').trim();
/** `213.109(b)(4)` → `213`. */
export const partOf = (ref: string) => ref.split('.')[0] ?? ref;

/**
 * Checks one requirement against the library: its quote must be in the text that states its
 * citation (the clause with that ref, or the paragraph of the clause that holds it), and a
 * formula's quote must hold the constants its evaluator uses.
 */
export function verifyRequirement(requirement: Requirement, clauses: ReadonlyMap<string, LibraryClause>, cache?: Map<string, string>): LoadedRequirement {
  const disabled = (reason: string): LoadedRequirement => ({ ...requirement, status: 'disabled', disabledReason: reason, verifiedIn: null });
  const lookup = clauseTextFor(requirement.ref, clauses);
  if (!lookup.found) return disabled(lookup.reason);
  if (!containsQuote(lookup.text, requirement.quote, cache)) {
    return disabled(
      `the quoted words are not in ${requirement.ref} of ${lookup.clause.document.title} (${lookup.clause.document.edition}): "${requirement.quote}"`,
    );
  }
  if (requirement.kind === 'formula') {
    const definition = FORMULAS[requirement.formula.id];
    if (!definition) return disabled(`formula ${requirement.formula.id} has no evaluator`);
    const constants = definition.expression.match(/\d+(?:\.\d+)?/g) ?? [];
    const missing = constants.find((c) => !requirement.quote.includes(c));
    if (missing) return disabled(`the quoted formula does not state the constant ${missing} the evaluator uses`);
  }
  const verifiedIn = { clauseRef: lookup.clause.ref, documentTitle: lookup.clause.document.title, edition: lookup.clause.document.edition };
  return { ...requirement, status: 'enabled', disabledReason: null, verifiedIn };
}

/**
 * Loads the requirements library from the clauses in the library now: reads the regular
 * tables, verifies every requirement's quote (table rows and authored ones alike) and returns
 * them with a report. Disabled requirements are never applied; the report says why each is off.
 * One query for all the clauses involved; pure computation after that ({@link buildRequirements}).
 */
export async function loadRequirements(db: Db, sources: RequirementSources = DEFAULT_SOURCES): Promise<RequirementsLibrary> {
  const started = performance.now();
  const refs = [...sources.tables.map((t) => t.ref), ...sources.authored.map((r) => r.ref)];
  const found = await listClausesInSections(db, REQUIREMENTS_STANDARD, refs.map(sectionOf));
  const library = buildRequirements(found, sources);
  library.report.loadedInMs = Math.round((performance.now() - started) * 10) / 10;
  return library;
}

/** The requirements library over the given clauses (one per ref): tables read, quotes verified, report made. */
export function buildRequirements(found: LibraryClause[], sources: RequirementSources = DEFAULT_SOURCES): RequirementsLibrary {
  const started = performance.now();
  const clauses = new Map<string, LibraryClause>(found.map((c) => [c.ref, c]));
  const normalised = new Map<string, string>();
  const requirements: LoadedRequirement[] = [];
  const unreadable: RequirementsReport['disabledRequirements'] = [];
  let fromTables = 0;
  for (const spec of sources.tables) {
    const lookup = clauseTextFor(spec.ref, clauses);
    // With no clause text to read, the spec still names what it would give, so each is reported.
    const readings = readTable(spec, lookup.found ? lookup.text : '', REQUIREMENTS_STANDARD);
    fromTables += readings.length;
    for (const reading of readings) {
      if (reading.ok) requirements.push(verifyRequirement(reading.requirement, clauses, normalised));
      else unreadable.push({ id: reading.id, ref: reading.ref, label: reading.label, reason: lookup.found ? reading.reason : lookup.reason });
    }
  }
  for (const requirement of sources.authored) requirements.push(verifyRequirement(requirement, clauses, normalised));

  const byPart: RequirementsReport['byPart'] = {};
  const count = (ref: string, status: 'enabled' | 'disabled') => {
    const part = (byPart[partOf(ref)] ??= { enabled: 0, disabled: 0 });
    part[status] += 1;
  };
  for (const r of requirements) count(r.ref, r.status);
  for (const r of unreadable) count(r.ref, 'disabled');

  const disabledRequirements = [
    ...unreadable,
    ...requirements.filter((r) => r.status === 'disabled').map((r) => ({ id: r.id, ref: r.ref, label: r.label, reason: r.disabledReason ?? 'disabled' })),
  ];
  const editions = new Map<string, string>();
  for (const r of requirements) if (r.verifiedIn) editions.set(r.verifiedIn.documentTitle, r.verifiedIn.edition);
  const enabled = requirements.filter((r) => r.status === 'enabled').length;
  const report: RequirementsReport = {
    standard: REQUIREMENTS_STANDARD,
    total: requirements.length + unreadable.length,
    enabled,
    disabled: disabledRequirements.length,
    byPart,
    byOrigin: { table: fromTables, authored: sources.authored.length },
    formulas: requirements.filter((r) => r.kind === 'formula').length,
    editions: [...editions].map(([title, edition]) => ({ title, edition })).sort((a, b) => a.title.localeCompare(b.title, 'en', { numeric: true })),
    disabledRequirements,
    loadedInMs: Math.round((performance.now() - started) * 10) / 10,
  };
  return { requirements, report };
}

/** The report in log lines: one summary, then one line per disabled requirement. */
export function describeRequirementsReport(report: RequirementsReport): { summary: string; disabled: string[] } {
  const parts = Object.entries(report.byPart)
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([part, c]) => `Part ${part} ${c.enabled}/${c.enabled + c.disabled}`)
    .join(', ');
  const summary =
    `Requirements: ${report.enabled} of ${report.total} enabled (${parts}; ${report.byOrigin.table} read from tables, ` +
    `${report.byOrigin.authored} authored, of which ${report.formulas} a formula), ${report.disabled} disabled, in ${report.loadedInMs} ms`;
  return { summary, disabled: report.disabledRequirements.map((d) => `Requirements: disabled ${d.id}: ${d.reason}`) };
}
