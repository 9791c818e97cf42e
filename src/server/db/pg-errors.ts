/** PostgreSQL error code of a failed statement, through Drizzle's wrapper where there is one. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
/** A delete blocked by a foreign key: 23503 (NO ACTION) or 23001 (RESTRICT). */
export const REFERENCED_ROW_CODES = new Set(['23503', '23001']);
