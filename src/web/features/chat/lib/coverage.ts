import { answerCoverageSchema, type AnswerCoverage } from '../../../../shared/schemas/chat';
import type { ChatMessage } from '../types';

/** Below this confidence an answer carries the low-confidence notice, whatever its status. */
export const LOW_CONFIDENCE_BELOW = 0.5;

/**
 * How the server began a declined answer before answers carried their coverage; kept only to
 * show conversations stored back then the way they would be shown now.
 */
const LEGACY_NOT_FOUND = /^I couldn't find a clause in /;

/** What an answer shows about coverage: nothing, the not-covered reply, or a caution above it. */
export type CoverageDisplay = { kind: 'none' } | { kind: 'not_covered' } | { kind: 'caution'; partly: boolean; uncovered: string[]; lowConfidence: boolean };

/** A stored or received coverage value, or undefined when it is missing or malformed. */
export function parseCoverage(value: unknown): AnswerCoverage | undefined {
  const parsed = answerCoverageSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The coverage display of a message: a not-covered reply is shown as such; a partly covered
 * one, or one the assistant is not confident of (confidence under 0.5), gets a caution above
 * the answer. Replies stored without coverage show none, unless they are a decline.
 */
export function coverageDisplay(message: Pick<ChatMessage, 'role' | 'content' | 'citations' | 'coverage' | 'isError'>): CoverageDisplay {
  if (message.role !== 'assistant' || message.isError) return { kind: 'none' };
  const coverage = parseCoverage(message.coverage);
  if (!coverage) {
    const isLegacyDecline = !message.citations?.length && LEGACY_NOT_FOUND.test(message.content.trimStart());
    return isLegacyDecline ? { kind: 'not_covered' } : { kind: 'none' };
  }
  if (coverage.status === 'not_covered') return { kind: 'not_covered' };
  const partly = coverage.status === 'partial';
  const lowConfidence = coverage.confidence < LOW_CONFIDENCE_BELOW;
  if (!partly && !lowConfidence) return { kind: 'none' };
  return { kind: 'caution', partly, uncovered: partly ? coverage.uncovered : [], lowConfidence };
}
