import { citationLabel } from '../../../../shared/citation-label';
import type { Citation } from '../../../../shared/schemas/chat';

/**
 * How a citation is named, as its jurisdiction writes it: its paragraph where the answer
 * pinpoints one, else its clause (`49 CFR 213.9(a)`, `SOR/2014-275, s. 12(1)`, `TSI CCS 4.2.1`).
 */
export function citationRef(citation: Citation): string {
  return citationLabel(citation.standard, citation.pinpoint ?? citation.ref);
}
