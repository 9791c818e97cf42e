/** The first `message` found in a react-hook-form error (arrays and nested fields included). */
export function firstErrorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const record = error as Record<string, unknown>;
  if (typeof record.message === 'string' && record.message) return record.message;
  for (const [key, value] of Object.entries(record)) {
    if (key === 'ref' || key === 'type') continue;
    const found = firstErrorMessage(value);
    if (found) return found;
  }
  return undefined;
}
