import type { Db } from '../../db/client';
import { answerQuestion, type Answer, type AnswerInput } from './extractive-answer';

export interface AnswerHooks {
  /**
   * Each piece of the answer as the model produces it (generative mode only). The final,
   * verified `Answer.response` may differ from what was streamed: callers show that instead.
   */
  onToken?: (text: string) => void;
  /** Aborted when nobody waits for the answer any more (the client went away): stop generating. */
  signal?: AbortSignal;
}

/**
 * How the Compliance Assistant turns a question into a cited answer. Chosen once at start
 * (`app.ts`, from the configuration) and handed to the chat routes.
 */
export interface AnswerProvider {
  readonly mode: 'extractive' | 'generative';
  answer(db: Db, input: AnswerInput, hooks?: AnswerHooks): Promise<Answer>;
}

/** The default, offline and deterministic mode: answers are built from the clauses' own sentences. */
export const extractiveAnswerProvider: AnswerProvider = {
  mode: 'extractive',
  answer: (db, input) => answerQuestion(db, input),
};
