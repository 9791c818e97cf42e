import type { CheckFileType, FindingLocation } from '../../../../shared/schemas/checks';
import { messages } from '../../../../shared/messages';

const words = messages.checkFindings.location;

/**
 * Where a finding stands, in the words a reviewer uses to find it in the source file: "page 4,
 * line 12", "sheet Curve Schedule, cell I10", "CSV line 6", "IFC entity #135". Each format
 * records different fields, so the most precise ones it has are named.
 */
export function describeLocation(location: FindingLocation, documentType: CheckFileType): string {
  if (location.entity) return words.ifcEntity(location.entity);
  const parts: string[] = [];
  if (location.sheet) parts.push(words.sheet(location.sheet));
  if (location.page !== undefined) parts.push(words.page(location.page));
  if (location.cell) parts.push(words.cell(location.cell));
  else if (location.line !== undefined) parts.push(documentType === 'csv' ? words.csvLine(location.line) : words.line(location.line));
  else if (location.row !== undefined) parts.push(location.sheet ? words.sheetRow(location.row) : words.tableRow(location.row));
  return parts.length > 0 ? parts.join(', ') : words.unknown;
}
