/** "track, Rail wear ,  gauge" → ["track", "Rail wear", "gauge"]: the New Topic form's tag box. */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}
