import type { Table } from 'drizzle-orm';

type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/**
 * A table's row as raw SQL selects it: every column under its SQL (snake_case) name with the
 * type the Drizzle table gives it. Row types of raw queries pick from it, so a column's type
 * is written once, in the table.
 */
export type SqlRow<T extends Table> = { [K in keyof T['$inferSelect'] as SnakeCase<K & string>]: T['$inferSelect'][K] };
