import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { questionConcepts, type Concept } from '../assistant/coverage';
import { libraryClauses, type LibraryStats } from './library-stats';

/**
 * What a comparison topic is about, weighed once for every column. The assistant's concepts
 * (`questionConcepts`) with two differences that a topic, unlike a chat question, calls for:
 *
 * - Words weigh by their rarity in the whole library, not in the standard searched: "blue" in
 *   "blue-signal protection" tells sections apart in the library (17 clauses of 5,000), so a
 *   standard that never says it has not addressed the topic. Everyday English is discounted
 *   only where the library uses the word often: a rare everyday word ("blue", "trees", "bells")
 *   names the subject.
 * - Words that frame the kind of rule asked about ("how often", "limits on", "who may use",
 *   "statutory mandate to") weigh little: every standard's answer is some rule, limit or power;
 *   the topic is what it is about.
 * - Two adjacent words the library uses together ("security plan", "safety glazing", "locomotive
 *   cab") are a term: a section covers it only where the two stand together, so that "secure
 *   positions" and "a written plan" do not make a security plan.
 */

/** A word in at least this share of the library's clauses is common: everyday English keeps its discount. */
export const COMMON_SHARE = 0.01;
/** Weight of a framing word ("limits", "statutory", "who may use"), against its rarity's. */
export const FRAME_FACTOR = 0.25;
/** A phrase in at most this share of the clauses its rarer word is in says more than that word alone. */
export const SPECIFIC_PHRASE_SHARE = 0.6;
/** A phrase the library uses fewer times than this is not a term of the library's (two words that meet by chance). */
const MIN_PHRASE_FREQUENCY = 5;

/**
 * The words that frame what kind of rule a topic asks about rather than name its subject:
 * questions ("how often", "who may"), duties and powers ("requirement", "mandate", "powers",
 * "prohibition"), measures ("limits", "minimum", "deadlines").
 */
export const FRAME_WORDS = new Set(
  [
    'how often when what which who whom whose where why whether',
    'must may shall should can could will would need needs needed have has had do does happens happen',
    'requirement requirements required require requires rule rules provision provisions obligation obligations mandate mandates mandatory statutory',
    'powers prohibition prohibitions prevention purpose purposes use uses used using keep keeping',
    'limit limits minimum maximum deadline deadlines periodic written',
  ]
    .join(' ')
    .split(' '),
);
const MODALS = new Set('must may shall should can could will would'.split(' '));

/** Two adjacent words of the topic that the library uses together. */
export interface TopicPhrase {
  text: string;
  /** The two concepts it joins. */
  words: [Concept, Concept];
  /** In how many of the library's clauses the two stand together. */
  frequency: number;
  /** What the phrase says beyond its rarer word: ln((clauses with that word + 1) / (clauses with the phrase + 1)). */
  weight: number;
}

export interface Topic {
  text: string;
  concepts: Concept[];
  phrases: TopicPhrase[];
}

const isFrame = (word: string) => FRAME_WORDS.has(word.toLowerCase());

/** The concepts' weights by the library's statistics (see above). */
function reweigh(concepts: Concept[], stats: LibraryStats, inPhrase: Set<Concept>): Concept[] {
  const total = Math.max(stats.clauseCount, 2);
  return concepts.map((c) => {
    if (c.key || !c.lexeme) return c;
    const df = stats.documentFrequency(c.lexeme);
    let weight = c.weight;
    if (df > 0) {
      const rarity = Math.log(total / (df + 1));
      // questionConcepts discounted it as everyday English: keep that only where the library uses it often.
      if (weight < rarity / 2 && df < COMMON_SHARE * total) weight = rarity;
      if (isFrame(c.text) && !inPhrase.has(c)) weight = Math.min(weight, rarity * FRAME_FACTOR);
    } else if (isFrame(c.text)) {
      weight *= FRAME_FACTOR;
    }
    return { ...c, weight };
  });
}

/** For each word of the topic (as `questionConcepts` counts them), whether the next one follows it with only a space or hyphen between. */
function joinedToNext(topic: string): boolean[] {
  const text = topic.replace(/['’](s|ve|re|ll|d|m|t)\b/gi, '');
  const words = [...text.matchAll(/[A-Za-z]+/g)];
  return words.map((w, i) => {
    const next = words[i + 1];
    return next !== undefined && /^[\s-]+$/.test(text.slice(w.index + w[0].length, next.index));
  });
}

/** Adjacent pairs of the topic's concepts ("flashing lights, gates": not "lights gates"), framing words and modals left out ("system must" is no term). */
function candidatePhrases(topic: string, concepts: Concept[]): [Concept, Concept][] {
  const byIndex = new Map(concepts.map((c) => [c.index, c]));
  const joined = joinedToNext(topic);
  const pairs: [Concept, Concept][] = [];
  for (const c of concepts) {
    const next = byIndex.get(c.index + 1);
    if (!next || !joined[c.index] || !c.lexeme || !next.lexeme || c.phrase || next.phrase) continue;
    if (MODALS.has(c.text.toLowerCase()) || MODALS.has(next.text.toLowerCase()) || (isFrame(c.text) && isFrame(next.text))) continue;
    pairs.push([c, next]);
  }
  return pairs;
}

const phraseCaches = new WeakMap<Db, { key: string; frequencies: Map<string, number> }>();
/** Phrases remembered per library: a topic asked again, or of another column, reads none twice. */
const MAX_CACHED_PHRASES = 5000;

/** In how many of the library's clauses each phrase's words stand together (remembered until the library changes). */
async function phraseFrequencies(db: Db, stats: LibraryStats, phrases: string[]): Promise<number[]> {
  let cache = phraseCaches.get(db);
  if (!cache || cache.key !== stats.key) {
    cache = { key: stats.key, frequencies: new Map() };
    phraseCaches.set(db, cache);
  }
  const missing = [...new Set(phrases.filter((p) => !cache.frequencies.has(p)))];
  if (missing.length > 0 && stats.codes.length > 0) {
    const counts = sql.join(
      missing.map((p) => sql`count(*) filter (where search @@ phraseto_tsquery('english', ${p}))::int`),
      sql`, `,
    );
    const [row] = await queryRows<{ n: number[] }>(db, sql`select array[${counts}] as n from (${libraryClauses(stats.codes)}) l`);
    if (cache.frequencies.size + missing.length > MAX_CACHED_PHRASES) cache.frequencies.clear();
    missing.forEach((p, i) => cache.frequencies.set(p, Number(row?.n[i] ?? 0)));
  }
  return phrases.map((p) => cache.frequencies.get(p) ?? 0);
}

/**
 * The English stemmer leaves a noun in "-ure" apart from its verb ("failure" → `failur`, "failed"
 * → `fail`; "closure", "exposure", "departure"), and the derivations the assistant joins do not
 * include it: a topic about a system that "failed to activate" is answered by an "activation
 * failure". The library's word of the other form joins the concept's alternates.
 */
function withNounInUre(concept: Concept, stats: LibraryStats): Concept {
  const l = concept.lexeme;
  if (!/^[a-z]{4,}$/.test(l) || concept.phrase) return concept;
  const forms = l.endsWith('ur') ? [l.slice(0, -2), `${l.slice(0, -2)}e`] : [`${l}ur`, `${l.replace(/e$/, '')}ur`];
  const known = [...new Set(forms)].filter((f) => f !== l && !concept.alternates.includes(f) && stats.documentFrequency(f) > 0);
  return known.length > 0 ? { ...concept, alternates: [...concept.alternates, ...known] } : concept;
}

/** The topic's concepts and terms, weighed by the whole library; `jurisdiction` as the assistant reads places. */
export async function analyseTopic(db: Db, topic: string, stats: LibraryStats, jurisdiction: string | null): Promise<Topic> {
  const raw = await questionConcepts(db, topic, { documentFrequency: stats.documentFrequency, clauseCount: stats.clauseCount }, jurisdiction);
  const pairs = candidatePhrases(topic, raw);
  const frequencies = await phraseFrequencies(
    db,
    stats,
    pairs.map(([a, b]) => `${a.text} ${b.text}`.toLowerCase()),
  );
  const phrases: TopicPhrase[] = [];
  pairs.forEach(([a, b], i) => {
    const frequency = frequencies[i] ?? 0;
    const rarer = Math.min(stats.documentFrequency(a.lexeme), stats.documentFrequency(b.lexeme));
    if (frequency < MIN_PHRASE_FREQUENCY || frequency > SPECIFIC_PHRASE_SHARE * rarer) return;
    phrases.push({ text: `${a.text} ${b.text}`, words: [a, b], frequency, weight: Math.log((rarer + 1) / (frequency + 1)) });
  });
  const inPhrase = new Set(phrases.flatMap((p) => p.words));
  const concepts = reweigh(raw, stats, inPhrase).map((c) => withNounInUre(c, stats));
  // The phrases point at the reweighed concepts.
  const byIndex = new Map(concepts.map((c) => [c.index, c]));
  for (const p of phrases) p.words = [byIndex.get(p.words[0].index) ?? p.words[0], byIndex.get(p.words[1].index) ?? p.words[1]];
  return { text: topic, concepts: concepts.filter((c) => c.weight > 0), phrases };
}
