import type { CheckResult } from '../../../../shared/schemas/checks';
import type { DocumentContent } from '../../../../shared/schemas/document-content';
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

/** What a check worker answers, in order: progress (any number), then one outcome. */
export type CheckWorkerMessage =
  | { type: 'progress'; stage: 'checking'; percent: number; pages?: number }
  | { type: 'done'; content: DocumentContent; result: CheckResult; modelError?: string }
  | { type: 'unreadable'; reason: DocumentReadFailure; message: string; detail?: string }
  | { type: 'error'; message: string; stack?: string };
