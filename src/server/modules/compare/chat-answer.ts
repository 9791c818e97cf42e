import { COMPARATIVE_TABLE } from '../../../shared/constants';
import { citationLabel } from '../../../shared/citation-label';
import { escapeRegExp } from '../../../shared/escape-regexp';
import { messages } from '../../../shared/messages';
import type { AnswerCoverage, Citation } from '../../../shared/schemas/chat';
import type { StandardSummary } from '../../../shared/schemas/standards';
import type { Db } from '../../db/client';
import type { Embedder } from '../standards/embeddings';
import { listStandards } from '../standards/service';
import { compareInDetail, type ColumnInDetail, type CompareOptions } from './service';

/**
 * The chat's "Comparative Table": a question answered with a comparison, by the same engine as
 * /compare, across the standards it concerns. Which standards, explainably:
 *
 * 1. The standards the question names (by code, name or instrument: "49 CFR", "the Grade
 *    Crossings Regulations", "SOR/2014-275"), each shown even where it is silent.
 * 2. Else, if it names jurisdictions ("US", "Canadian", "EU"), the standard of each that speaks
 *    most strongly to the question.
 * 3. Else every loaded standard is searched, and those whose clauses address the question, the
 *    strongest first, up to `MAX_COLUMNS`.
 *
 * Fewer than two standards that speak to the question, none named: there is nothing to compare,
 * and the answer says so, citing nothing. As everywhere, only clauses the library holds are
 * cited, each quoted word for word and linked to the standards library.
 */

/** The most standards a comparative answer lines up (a chat bubble is narrow). */
export const MAX_COLUMNS = 4;
/**
 * A standard the question does not name is shown when it speaks to the question at least this
 * strongly against the strongest: searching the whole library, a standard about something else
 * often scores half as well as the one that governs.
 */
export const UNNAMED_STRENGTH = 0.75;
/** A table cell quotes this much of a clause; the citation holds the whole quote. */
const CELL_QUOTE_CHARS = 220;

/** Ways a question names a jurisdiction, matched as written (so "us" the pronoun is not the US). */
const JURISDICTION_NAMES: { jurisdiction: string; pattern: RegExp }[] = [
  { jurisdiction: 'United States', pattern: /\b(?:US|U\.S\.(?:A\.)?|USA|United States|American|FRA)(?![\w.])/g },
  { jurisdiction: 'Canada', pattern: /\b(?:Canada|Canadian|Transport Canada)\b/gi },
  { jurisdiction: 'European Union', pattern: /\b(?:EU|European Union|Europe|European)\b/g },
];

/** Words that ask for a comparison rather than name its subject. */
const COMPARING =
  /\b(?:compare[ds]?|comparing|comparison|versus|vs\.?|differ(?:s|ence|ences)?|different|between|against|side by side|rules?|regulations?|requirements?|standards?)\b/gi;

/** How a question may name a standard: its code and name, the name without its instrument, the instrument ("SOR/2014-275"), the code without "CA ". */
function aliasesOf(standard: StandardSummary): string[] {
  const instrument = /\(([^)]+)\)\s*$/.exec(standard.name)?.[1];
  const aliases = [standard.code, standard.name, standard.name.replace(/\s*\([^)]*\)\s*$/, ''), standard.code.replace(/^CA\s+/, '')];
  if (instrument) aliases.push(...instrument.split(/,\s*/).filter((part) => /\d/.test(part)));
  return [...new Set(aliases.map((a) => a.trim()).filter((a) => a.length >= 5))];
}

export interface ChosenStandards {
  named: StandardSummary[];
  jurisdictions: string[];
  /** The question without the names of standards and jurisdictions and the words asking to compare: the topic. */
  topic: string;
}

/** The standards and jurisdictions a question names, and its topic. */
export function namedInQuestion(question: string, standards: readonly StandardSummary[]): ChosenStandards {
  let topic = ` ${question} `;
  const found: { standard: StandardSummary; at: number }[] = [];
  // Longer aliases first, so "49 U.S.C." is taken whole before anything shorter inside it.
  const aliases = standards.flatMap((s) => aliasesOf(s).map((alias) => ({ alias, standard: s }))).sort((a, b) => b.alias.length - a.alias.length);
  for (const { alias, standard } of aliases) {
    const pattern = new RegExp(`(?<![\\w/])(?:the\\s+)?${escapeRegExp(alias)}(?![\\w/])`, 'gi');
    const at = topic.search(pattern);
    if (at < 0) continue;
    topic = topic.replace(pattern, (m) => ' '.repeat(m.length));
    if (!found.some((f) => f.standard === standard)) found.push({ standard, at });
  }
  const jurisdictions: string[] = [];
  for (const { jurisdiction, pattern } of JURISDICTION_NAMES) {
    if (!new RegExp(pattern.source, pattern.flags).test(topic)) continue;
    topic = topic.replace(pattern, ' ');
    if (standards.some((s) => s.jurisdiction === jurisdiction)) jurisdictions.push(jurisdiction);
  }
  const connector = /^(?:and|or|in|of|to|the|from|on|for|with|under|across|what|how|do|does|are|is)$/i;
  const words = topic
    .replace(COMPARING, ' ')
    .replace(/\s+([?.,;:])/g, '$1')
    .trim()
    .split(/\s+/);
  // Names taken out leave their connectors behind ("US and Canadian rules on …" → "and on …").
  while (words.length > 0 && /^(?:and|or|in|of|to|the|from|on|for|with|under|across|,)$/i.test(words[0]!)) words.shift();
  while (words.length > 0 && connector.test(words.at(-1)!.replace(/[?.,;:]+$/, ''))) words.pop();
  const cleaned = words
    .join(' ')
    .replace(/\s+(?:and|or|in|of|to|on)\s+(?=[?.,;:]*$)/i, ' ')
    .replace(/^[\s,;:?]+|[\s,;:]+$/g, '')
    .trim();
  return { named: found.sort((a, b) => a.at - b.at).map((f) => f.standard), jurisdictions, topic: cleaned.length >= 3 ? cleaned : question };
}

export interface ComparativeAnswer {
  response: string;
  citations: Citation[];
  coverage: AnswerCoverage;
  /** The standards compared and why (for tests and the thread). */
  compared: string[];
  rule: 'named' | 'jurisdictions' | 'covering';
}

/** A clause's deep link into the standards library (relative: the chat opens it on this site). */
function clauseLink(standard: string, ref: string): string {
  return `/standards/${encodeURIComponent(standard)}/${encodeURIComponent(ref)}`.replace(/\(/g, '%28').replace(/\)/g, '%29');
}

/** Text safe inside a Markdown table cell: one line, pipes escaped. */
function cellText(text: string, max = CELL_QUOTE_CHARS): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const cut = line.length <= max ? line : `${line.slice(0, max).replace(/\s+\S*$/, '')} …`;
  return cut.replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
}

/** A standard's row: the first clause's words, then a link to each clause cited; or that it has no provision. */
function columnCell(column: ColumnInDetail): string {
  if (column.status === 'none') return `*${messages.comparePage.noProvision(column.name)}*`;
  const links = column.provisions.map((p) => `[${cellText(citationLabel(column.standard, p.ref), 80)}](${clauseLink(column.standard, p.ref)})`).join(', ');
  return `“${cellText(column.provisions[0]!.quote)}” — ${links}`;
}

/** Which standards to compare for a question, by the rule above, with the comparison itself. */
async function chooseAndCompare(db: Db, question: string, options: CompareOptions) {
  const loaded = (await listStandards(db)).filter((s) => s.enabled && s.code !== COMPARATIVE_TABLE);
  const { named, jurisdictions, topic } = namedInQuestion(question, loaded);
  if (named.length >= 2) {
    const result = await compareInDetail(db, topic, named, options);
    return { result, columns: result.columns, rule: 'named' as const, topic };
  }
  const pool = jurisdictions.length > 0 ? loaded.filter((s) => jurisdictions.includes(s.jurisdiction ?? '') || named.includes(s)) : loaded;
  const result = await compareInDetail(db, topic, pool, options);
  const covering = result.columns
    .filter((c) => c.status === 'provisions' && c.detail.strength >= UNNAMED_STRENGTH)
    .sort((a, b) => b.detail.strength - a.detail.strength);
  let columns: ColumnInDetail[];
  if (jurisdictions.length > 0) {
    // The standards named, then in turn the strongest of each jurisdiction named, the next strongest, …
    const perJurisdiction = jurisdictions.map((j) => covering.filter((c) => c.jurisdiction === j));
    const turns = Math.max(0, ...perJurisdiction.map((list) => list.length));
    columns = [...result.columns.filter((c) => named.some((n) => n.code === c.standard))];
    for (let i = 0; i < turns; i++) for (const list of perJurisdiction) if (list[i]) columns.push(list[i]!);
  } else {
    columns = [...result.columns.filter((c) => named.some((n) => n.code === c.standard)), ...covering];
  }
  columns = [...new Map(columns.map((c) => [c.standard, c])).values()].slice(0, MAX_COLUMNS);
  return { result, columns, rule: jurisdictions.length > 0 ? ('jurisdictions' as const) : ('covering' as const), topic };
}

const RULE_NOTE: Record<ComparativeAnswer['rule'], string> = {
  named: 'Compared: the standards your question names.',
  jurisdictions: `Compared: from each jurisdiction your question names, in turn, the standards whose clauses speak most to it (at most ${MAX_COLUMNS}).`,
  covering: `Compared: the standards whose clauses speak most to your question, strongest first (at most ${MAX_COLUMNS}). Name standards or jurisdictions in your question to choose others.`,
};

/** The chat's comparative answer: a table of the standards a question concerns, each cell quoting and linking its clauses. */
export async function comparativeAnswer(db: Db, question: string, options: { embedder?: Embedder | undefined } = {}): Promise<ComparativeAnswer> {
  const { result, columns, rule } = await chooseAndCompare(db, question, options);
  const withProvisions = columns.filter((c) => c.status === 'provisions');
  if (withProvisions.length === 0 || (rule !== 'named' && columns.length < 2)) {
    const only = withProvisions[0];
    const lines = [
      only
        ? `Only ${only.name} has clauses that address this, so there is nothing to compare it with. Choose that standard to ask it directly, or name the standards to compare.`
        : "I couldn't find clauses in the library's standards that address this, so there is nothing to compare.",
      '',
      'Try naming the requirement and the standards or jurisdictions to compare, for example: “inspection of grade crossing warning systems in 49 CFR and the Grade Crossings Regulations”.',
    ];
    return {
      response: lines.join('\n'),
      citations: [],
      coverage: { status: 'not_covered', confidence: 0, uncovered: [] },
      compared: columns.map((c) => c.standard),
      rule,
    };
  }
  const table = ['| Standard | What it says |', '| --- | --- |', ...columns.map((c) => `| ${cellText(c.standard, 80)} | ${columnCell(c)} |`)];
  const shown = new Set(columns.map((c) => c.standard));
  const rows = (result.rows ?? []).filter((r) => Object.keys(r.values).filter((s) => shown.has(s)).length >= 2);
  const values = rows.length
    ? [
        '',
        `**${messages.comparePage.valuesHeading}**`,
        '',
        `| ${messages.comparePage.parameter} | ${columns.map((c) => cellText(c.standard, 60)).join(' | ')} |`,
        `| --- | ${columns.map(() => '---').join(' | ')} |`,
        ...rows.map(
          (r) =>
            `| ${cellText(r.parameter, 80)} | ${columns
              .map((c) => {
                const v = r.values[c.standard];
                return v
                  ? `${cellText(`${v.value} ${v.unit}`, 60)} ([${cellText(citationLabel(c.standard, v.ref), 40)}](${clauseLink(c.standard, v.ref)}))`
                  : messages.comparePage.notStated;
              })
              .join(' | ')} |`,
        ),
      ]
    : [];
  const response = [`**${messages.comparePage.resultsHeading(question.trim())}**`, '', ...table, ...values, '', RULE_NOTE[rule]].join('\n');
  const citations: Citation[] = withProvisions.flatMap((c) =>
    c.provisions.map((p) => ({ standard: c.standard, ref: p.ref, heading: p.heading, excerpt: p.quote })),
  );
  // A standard silent on the question is a finding of the comparison (its row says so), not a gap in the answer.
  const coverage: AnswerCoverage = { status: 'covered', confidence: Math.round((withProvisions.length / columns.length) * 100) / 100, uncovered: [] };
  return { response, citations, coverage, compared: columns.map((c) => c.standard), rule };
}
