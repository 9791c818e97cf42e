import type { Citation } from '../../../../shared/schemas/chat';

/** How a citation is named: its paragraph (`49 CFR 213.9(a)`) where the answer pinpoints one, else its clause. */
export function citationRef(citation: Citation): string {
  return `${citation.standard} ${citation.pinpoint ?? citation.ref}`;
}
