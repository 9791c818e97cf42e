import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { searchedClauses } from '../standards/search';

/**
 * Word statistics of the whole library (every standard's clauses in force): how many clauses use
 * each lexeme. A comparison weighs a topic's words by these, not by one standard's, so that a
 * word weighs the same in every column: "blue" is what a blue-signal topic is about whether or
 * not a given standard ever says it.
 */
export interface LibraryStats {
  key: string;
  clauseCount: number;
  /** The average length (lexeme occurrences) of a section, over every standard's sections. */
  averageSectionLength: number;
  codes: string[];
  documentFrequency: (lexeme: string) => number;
}

const caches = new WeakMap<Db, LibraryStats & { checkedAt: number }>();
/** How long the statistics are trusted before checking whether the library changed. */
const RECHECK_MS = 5_000;

/** The clauses retrieval searches, of every standard that has any. */
export function libraryClauses(codes: string[]) {
  return sql.join(
    codes.map((code) => sql`select standard_code, section, search from ${searchedClauses(code)} c`),
    sql` union all `,
  );
}

export async function libraryStats(db: Db): Promise<LibraryStats> {
  const cached = caches.get(db);
  if (cached && Date.now() - cached.checkedAt < RECHECK_MS) return cached;
  const [version] = await queryRows<{ key: string }>(
    db,
    sql`select count(*)::text || ':' || coalesce(max(imported_at)::text, '') as key from standard_documents`,
  );
  const key = version?.key ?? '';
  if (cached?.key === key) {
    cached.checkedAt = Date.now();
    return cached;
  }
  const codes = (await queryRows<{ code: string }>(db, sql`select distinct standard_code as code from standard_documents order by 1`)).map((r) => r.code);
  const frequency = new Map<string, number>();
  let clauseCount = 0;
  let averageSectionLength = 1;
  if (codes.length > 0) {
    const [sections] = await queryRows<{ len: number }>(
      db,
      sql`select coalesce(avg(len), 1)::float8 as len from (select sum(length(search)) as len from (${libraryClauses(codes)}) l group by standard_code, section) s`,
    );
    averageSectionLength = Number(sections?.len ?? 1);
    const [total] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${libraryClauses(codes)}) l`);
    clauseCount = total?.n ?? 0;
    const words = await queryRows<{ word: string; n: number }>(
      db,
      sql`select word, count(*)::int as n from (select unnest(tsvector_to_array(search)) as word from (${libraryClauses(codes)}) l) t group by word`,
    );
    for (const w of words) frequency.set(w.word, Number(w.n));
  }
  const stats = { key, clauseCount, averageSectionLength, codes, documentFrequency: (lexeme: string) => frequency.get(lexeme) ?? 0, checkedAt: Date.now() };
  caches.set(db, stats);
  return stats;
}
