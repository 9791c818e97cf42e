import type { CheckFileType, FindingLocation } from '../../../../shared/schemas/checks';
import { messages } from '../../../../shared/messages';

const words = messages.checkPage.location;

/**
 * Where a finding stands, in words a reader can find it by in their own copy: "CSV line 6,
 * column Superelevation Ea (in)", "sheet Curve Schedule, cell I10", "page 4, line 12".
 */
export function describeLocation(location: Omit<FindingLocation, 'text'>, type: CheckFileType): string {
  const parts: string[] = [];
  if (location.entity) parts.push(words.entity(location.entity));
  if (location.sheet) parts.push(words.sheet(location.sheet));
  if (location.page !== undefined) parts.push(words.page(location.page));
  if (location.cell) {
    // An XLSX cell reference names its row already.
    parts.push(words.cell(location.cell));
  } else if (type === 'csv' && location.line !== undefined) {
    parts.push(words.csvLine(location.line));
  } else {
    if (location.line !== undefined) parts.push(words.line(location.line));
    else if (location.row !== undefined) parts.push(words.row(location.row));
  }
  if (location.column && !location.cell) parts.push(words.column(location.column));
  return parts.length > 0 ? parts.join(', ') : words.unknown;
}

/** The same, starting with a capital, for a line of its own. */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
