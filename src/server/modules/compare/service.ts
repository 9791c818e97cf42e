import { COMPARATIVE_TABLE } from '../../../shared/constants';
import { AppError, ErrorCode } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { CompareColumn, CompareResponse } from '../../../shared/schemas/compare';
import type { LoadedRequirement } from '../../../shared/schemas/requirements';
import type { StandardSummary } from '../../../shared/schemas/standards';
import type { Db } from '../../db/client';
import { loadRequirements } from '../checks/requirements/library';
import type { Embedder } from '../standards/embeddings';
import { listStandards } from '../standards/service';
import { libraryStats } from './library-stats';
import { columnBest, columnCandidates, decideColumn, type ColumnCandidates, type GoverningProvisions } from './provisions';
import { quoteOf } from './quote';
import { requirementRows } from './rows';
import { analyseTopic, type Topic } from './topic';

export interface CompareOptions {
  embedder?: Embedder | undefined;
  /** The requirements library (verified against the library now); loaded when not given. */
  requirements?: () => Promise<readonly LoadedRequirement[]>;
}

/** A column with how it was decided: every ranked section, cited or not, and why. */
export interface ColumnInDetail extends CompareColumn {
  name: string;
  jurisdiction: string | null;
  detail: GoverningProvisions;
}

export interface ComparisonInDetail extends CompareResponse {
  columns: ColumnInDetail[];
}

/**
 * The standards a comparison names, each by code or name (any case), in the order given. Unknown
 * names, standards with no clauses loaded and the comparison itself are refused with a 400 that
 * names them; so is a list of fewer than two distinct standards.
 */
export async function resolveComparedStandards(db: Db, wanted: readonly string[]): Promise<StandardSummary[]> {
  const all = await listStandards(db);
  const found: StandardSummary[] = [];
  const unknown: string[] = [];
  const unloaded: string[] = [];
  for (const codeOrName of wanted) {
    const key = codeOrName.trim().toLowerCase();
    const standard = all.find((s) => s.code.toLowerCase() === key || s.name.toLowerCase() === key);
    if (!standard || standard.code === COMPARATIVE_TABLE) unknown.push(codeOrName);
    else if (!standard.enabled) unloaded.push(standard.code);
    else if (!found.includes(standard)) found.push(standard);
  }
  if (unknown.length > 0) throw new AppError(ErrorCode.validationFailed, messages.compare.unknownStandards(unknown), 400, { unknown });
  if (unloaded.length > 0) throw new AppError(ErrorCode.validationFailed, messages.compare.notLoaded(unloaded), 400, { notLoaded: unloaded });
  if (found.length < 2) throw new AppError(ErrorCode.validationFailed, messages.compare.tooFew, 400);
  return found;
}

/** Each column's governing clauses, quoted, or `none`: every standard's sections are weighed first, then each column against the best of them. */
async function columns(db: Db, topicText: string, standards: readonly StandardSummary[], options: CompareOptions): Promise<ColumnInDetail[]> {
  const stats = await libraryStats(db);
  const candidates: { standard: StandardSummary; candidates: ColumnCandidates }[] = [];
  // One standard at a time: each retrieval reads the database several times.
  // The topic is read once per jurisdiction: only a place it names depends on the standard's.
  const topics = new Map<string | null, Topic>();
  for (const standard of standards) {
    let topic = topics.get(standard.jurisdiction);
    if (!topic) {
      topic = await analyseTopic(db, topicText, stats, standard.jurisdiction);
      topics.set(standard.jurisdiction, topic);
    }
    candidates.push({ standard, candidates: await columnCandidates(db, standard.code, topic, stats, { embedder: options.embedder }) });
  }
  const bestOfAll = Math.max(0, ...candidates.map((c) => columnBest(c.candidates)));
  return candidates.map(({ standard, candidates: column }) => {
    const detail = decideColumn(column, bestOfAll);
    const terms = column.topic.concepts.flatMap((c) => [c.lexeme, ...c.alternates]).filter(Boolean);
    return {
      standard: standard.code,
      name: standard.name,
      jurisdiction: standard.jurisdiction,
      status: detail.status,
      provisions: detail.clauses.map((c) => ({ ref: c.ref, section: c.section, heading: c.heading, quote: quoteOf(c.text, terms) })),
      detail,
    };
  });
}

/** The comparison with each column's reasoning (for the evaluation and the chat). */
export async function compareInDetail(db: Db, topic: string, standards: readonly StandardSummary[], options: CompareOptions = {}): Promise<ComparisonInDetail> {
  const decided = await columns(db, topic, standards, options);
  const requirements = await (options.requirements ?? (async () => (await loadRequirements(db)).requirements))();
  const rows = requirementRows(
    decided.filter((c) => c.status === 'provisions').map((c) => ({ standard: c.standard, sections: [...new Set(c.provisions.map((p) => p.section))] })),
    requirements,
  );
  return { topic, columns: decided, ...(rows.length > 0 ? { rows } : {}) };
}

/** `POST /api/compare`: one column per standard with the clauses that govern the topic there, and the values that line up. */
export async function compareStandards(db: Db, input: { topic: string; standards: readonly string[] }, options: CompareOptions = {}): Promise<CompareResponse> {
  const standards = await resolveComparedStandards(db, input.standards);
  const detail = await compareInDetail(db, input.topic, standards, options);
  return {
    topic: detail.topic,
    columns: detail.columns.map(({ standard, status, provisions }) => ({ standard, status, provisions })),
    ...(detail.rows ? { rows: detail.rows } : {}),
  };
}
