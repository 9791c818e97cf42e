/** Text as a regular expression that matches it literally ("49 C.F.R.", "EN 13848-5", "/standards/:code"). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
