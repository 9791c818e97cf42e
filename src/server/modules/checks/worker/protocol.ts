import type { Finding, FindingVerdict } from '../../../../shared/schemas/checks';
import type { DocumentReadFailure } from '../readers';
import type { LlmConfig } from '../../../config';
import type { CheckLibrary } from '../engine/check-document';

/** What the runner asks a check worker to do: read one document and check it. */
export interface CheckJob {
  data: Uint8Array;
  fileName: string;
  maxPdfPages: number;
  library: CheckLibrary;
  /** Set when a model is configured: it proposes values from prose (ADR 009: kept only when quoted verbatim). */
  llm: LlmConfig | null;
}

/** A finding as a row of `check_findings` stores it. */
export interface StoredFinding {
  findingId: string;
  verdict: FindingVerdict;
  finding: Finding;
  extractedBy: 'reader' | 'model';
}

/**
 * What a check worker answers, in order: progress (any number), then one outcome. A done check
 * comes back as the JSON that is stored (the document's content, and each finding as its row
 * stores it): the server passes it on to the database as it is, rather than rebuilding thousands
 * of findings as objects only to serialise them again.
 */
export type CheckWorkerMessage =
  | { type: 'progress'; stage: 'checking'; percent: number; pages?: number }
  | { type: 'done'; pages?: number; contentJson: string; findingsJson: string[]; modelError?: string }
  | { type: 'unreadable'; reason: DocumentReadFailure; message: string; detail?: string }
  | { type: 'error'; message: string; stack?: string };
