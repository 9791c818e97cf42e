import { randomUUID } from 'node:crypto';
import { messages } from '../../../shared/messages';
import { AppError, ErrorCode } from '../../../shared/errors';
import { answerCoverageSchema, type AnswerCoverage, type Citation, type ChatResponse, type Thread, type ThreadSummary } from '../../../shared/schemas/chat';
import type { Db } from '../../db/client';
import type { Embedder } from '../standards/embeddings';
import { listStandards } from '../standards/service';
import { comparativeAnswer } from '../compare/chat-answer';
import { COMPARATIVE_TABLE } from '../../../shared/constants';
import { extractiveAnswerProvider, type AnswerProvider } from './answer-provider';
import type { Answer } from './extractive-answer';
import * as repo from './repository';

export interface ChatInput {
  message: string;
  selectedStandard: string;
  discipline: string;
  chatContext: { role: 'user' | 'assistant'; content: string }[];
  threadId?: string | undefined;
}

/** The standard named by code or name, which must have clauses loaded. */
export async function resolveLoadedStandard(db: Db, codeOrName: string) {
  const wanted = codeOrName.trim().toLowerCase();
  const standard = (await listStandards(db)).find((s) => s.code.toLowerCase() === wanted || s.name.toLowerCase() === wanted);
  if (!standard) throw new AppError(ErrorCode.notFound, `There is no standard called ${codeOrName}`, 404);
  if (!standard.enabled) {
    throw new AppError(
      ErrorCode.standardNotLoaded,
      `${standard.name} is coming soon: its clauses are not in the library yet. Choose a loaded standard to ask questions.`,
      409,
    );
  }
  return standard;
}

function titleOf(question: string): string {
  const oneLine = question.replace(/\s+/g, ' ').trim();
  return oneLine.length <= 80 ? oneLine : `${oneLine.slice(0, 77)}…`;
}

function toCitations(answer: Answer): Citation[] {
  return answer.citations.map(({ standard, ref, heading, excerpt, pinpoint }) => ({ standard, ref, heading, excerpt, ...(pinpoint ? { pinpoint } : {}) }));
}

/** The answer's coverage, its confidence kept within 0–1 (the response schema refuses anything else). */
function toCoverage({ coverage }: Answer): AnswerCoverage {
  const confidence = Number.isFinite(coverage.confidence) ? Math.min(1, Math.max(0, coverage.confidence)) : 0;
  return { status: coverage.status, confidence, uncovered: [...coverage.uncovered] };
}

/** A stored reply's coverage; null for questions, for replies stored before coverage was kept, and for anything malformed. */
function storedCoverage(value: unknown): AnswerCoverage | null {
  const parsed = answerCoverageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The thread a question belongs to: the given one (the caller's own) or a new one. */
async function threadFor(db: Db, userId: string, input: ChatInput, standardCode: string) {
  if (input.threadId) {
    const thread = await repo.findThread(db, userId, input.threadId);
    if (!thread) throw new AppError(ErrorCode.notFound, messages.chat.threadNotFound, 404);
    return thread;
  }
  return repo.insertThread(db, { userId, title: titleOf(input.message), standard: standardCode, discipline: input.discipline });
}

/**
 * Answers a question against a loaded standard and stores the exchange in the user's thread.
 * `provider` is the answer strategy chosen at start (extractive unless the generative mode is
 * configured); `onToken` receives the generative mode's tokens as the model produces them.
 */
export async function askQuestion(
  db: Db,
  userId: string,
  input: ChatInput,
  options: { provider?: AnswerProvider; embedder?: Embedder | undefined; onToken?: (text: string) => void; signal?: AbortSignal } = {},
): Promise<ChatResponse> {
  const { provider = extractiveAnswerProvider, embedder, onToken, signal } = options;
  if (input.selectedStandard.trim().toLowerCase() === COMPARATIVE_TABLE.toLowerCase()) return askForComparison(db, userId, input, embedder);
  const standard = await resolveLoadedStandard(db, input.selectedStandard);
  const thread = await threadFor(db, userId, input, standard.code);
  const result = await provider.answer(
    db,
    {
      standardCode: standard.code,
      standardName: standard.name,
      jurisdiction: standard.jurisdiction,
      question: input.message,
      discipline: input.discipline,
      context: input.chatContext,
      embedder,
    },
    { onToken, signal },
  );
  const runId = randomUUID();
  const citations = toCitations(result);
  const coverage = toCoverage(result);
  await repo.appendExchange(db, thread, input.message, { content: result.response, citations, coverage, runId });
  return { response: result.response, threadId: thread.id, runId, citations, coverage };
}

/**
 * A question asked with the Comparative Table: answered with a comparison of the standards it
 * concerns (compare/chat-answer.ts says which), stored in the thread like any answer. The
 * comparison is built from the clauses' own words in either answer mode.
 */
async function askForComparison(db: Db, userId: string, input: ChatInput, embedder: Embedder | undefined): Promise<ChatResponse> {
  const loaded = (await listStandards(db)).filter((s) => s.enabled && s.code !== COMPARATIVE_TABLE);
  if (loaded.length < 2) throw new AppError(ErrorCode.standardNotLoaded, messages.compare.tooFewLoaded, 409);
  const thread = await threadFor(db, userId, input, COMPARATIVE_TABLE);
  const answer = await comparativeAnswer(db, input.message, { embedder });
  const runId = randomUUID();
  await repo.appendExchange(db, thread, input.message, { content: answer.response, citations: answer.citations, coverage: answer.coverage, runId });
  return { response: answer.response, threadId: thread.id, runId, citations: answer.citations, coverage: answer.coverage };
}

function toSummary(t: repo.ThreadRow): ThreadSummary {
  return {
    id: t.id,
    title: t.title,
    standard: t.standard,
    discipline: t.discipline,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export async function listMyThreads(db: Db, userId: string): Promise<ThreadSummary[]> {
  return (await repo.listThreads(db, userId)).map(toSummary);
}

export async function getMyThread(db: Db, userId: string, id: string): Promise<Thread> {
  const thread = await repo.findThread(db, userId, id);
  if (!thread) throw new AppError(ErrorCode.notFound, messages.chat.threadNotFound, 404);
  const stored = await repo.listMessages(db, id);
  return {
    ...toSummary(thread),
    messages: stored.map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      citations: (m.citations as Citation[] | null) ?? [],
      coverage: m.role === 'assistant' ? storedCoverage(m.coverage) : null,
      runId: m.runId,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

export async function deleteMyThread(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await repo.deleteThread(db, userId, id);
  if (deleted.length === 0) throw new AppError(ErrorCode.notFound, messages.chat.threadNotFound, 404);
}
