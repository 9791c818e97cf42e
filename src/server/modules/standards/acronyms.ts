import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { RAILWAY_VOCABULARY, type VocabularyMatch } from './vocabulary';

/**
 * Field talk abbreviates the standard's own defined terms: "ITD" for individual train
 * detection, "MAS" for maximum authorized speed. An acronym the library never uses is read as
 * the term the library defines ("Individual train detection means …") whose initials it spells,
 * so no list has to name each one. Only defined terms: any three words spell some acronym
 * ("in the direction" spells ITD, "each public authority" EPA).
 */

const ACRONYM = /\b([A-Z]{2,5})s?\b/g;
const cache = new Map<string, VocabularyMatch | null>();
/** Words no defined term is made of ("by means" follows a phrase that is not one). */
const STOP_WORDS = new Set(
  'a an and any are as at be been but by each for from has have if in into is it its may must no nor not of on or shall such than that the their then there these this those to under upon was were which while who with within'.split(' '),
);

/** The all-capital words of a question the library does not know and the vocabulary does not list. */
export function unknownAcronyms(question: string, known: (lexeme: string) => boolean): string[] {
  const found = [...question.matchAll(ACRONYM)].map((m) => m[1]!);
  return [...new Set(found)].filter((a) => !Object.hasOwn(RAILWAY_VOCABULARY, a.toLowerCase()) && !known(a.toLowerCase()));
}

/** A defined term whose words' initials spell the acronym: ITD → "individual train detection means". */
function definedTermPattern(acronym: string): string {
  return `\\m(${[...acronym.toLowerCase()].map((letter) => `${letter}[a-z]+`).join('[ -]')})['"”’]?\\s+means\\M`;
}

/** Small words a name's acronym skips: "Occupational Health and Safety" is OHS. */
const SKIPPED_IN_NAMES = new Set(['and', 'of', 'the', 'for', 'on', 'in', 'to']);

/**
 * The words of a name whose initials spell the acronym, small words between them skipped:
 * "SMS" in "Railway Safety Management System Regulations", "OHS" in "On Board Trains
 * Occupational Health and Safety Regulations", "CCS" in "TSI Control-Command and Signalling".
 * Users abbreviate the subject of the standard they ask, which its clauses seldom define.
 */
export function acronymInName(acronym: string, name: string): string[] | undefined {
  const words = name.split(/[^A-Za-z]+/).filter(Boolean);
  const letters = [...acronym.toLowerCase()];
  for (let start = 0; start < words.length; start++) {
    const picked: string[] = [];
    for (let i = start; i < words.length && picked.length < letters.length; i++) {
      const word = words[i]!.toLowerCase();
      if (SKIPPED_IN_NAMES.has(word) && picked.length > 0) continue;
      if (word[0] !== letters[picked.length] || SKIPPED_IN_NAMES.has(word)) break;
      picked.push(word);
    }
    if (picked.length === letters.length) return picked;
  }
  return undefined;
}

/**
 * What the question's unknown acronyms stand for in the library, as vocabulary matches
 * ("itd" → individual, train, detection): a term its clauses define, else words of the
 * standard's own names (`names`: its code and name) that the acronym spells. `clauses` is the
 * searched clauses; `version` keys the cache to the library's contents.
 */
export async function acronymExpansions(db: Db, clauses: SQL, version: string, acronyms: string[], names: string[] = []): Promise<VocabularyMatch[]> {
  const expansions: VocabularyMatch[] = [];
  for (const acronym of acronyms) {
    const key = `${version}|${acronym}`;
    if (!cache.has(key)) {
      const phrases = await queryRows<{ phrase: string; n: number }>(db, sql`
        select lower(m[1]) as phrase, count(*)::int as n
        from ${clauses} c cross join lateral regexp_matches(c.text, ${definedTermPattern(acronym)}, 'gi') as m
        where c.search @@ to_tsquery('english', 'means')
        group by 1 order by 2 desc, 1 limit 20`);
      // "(signal territory) by means" is no definition: a term is made of content words.
      const best =
        phrases.map((p) => p.phrase.split(/[ -]/)).find((words) => !words.some((w) => STOP_WORDS.has(w))) ??
        names.map((name) => acronymInName(acronym, name)).find(Boolean);
      cache.set(key, best ? { phrase: acronym.toLowerCase(), terms: best } : null);
    }
    const expansion = cache.get(key);
    if (expansion) expansions.push(expansion);
  }
  return expansions;
}
