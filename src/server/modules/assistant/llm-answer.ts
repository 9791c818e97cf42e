import type OpenAI from 'openai';
import type { LlmConfig } from '../../config';
import type { Db } from '../../db/client';
import type { RankedClause } from '../standards/search';
import type { AnswerHooks, AnswerProvider } from './answer-provider';
import { citationLabel, excerpt, notAddressedSentence, notFoundSentence } from './citation-policy';
import { answerQuestion, type Answer, type AnswerCitation, type AnswerCoverage, type AnswerInput } from './extractive-answer';
import { checkQuotedSentences, removedSentencesNote, type RemovedSentence } from './quote-check';
import { createLlmClient } from '../../lib/llm-client';

/** The longest clause text put in the prompt; longer clauses are cut at a word. */
const PROMPT_CLAUSE_CHARS = 4000;
/** Earlier questions of the conversation shown to the model (to read a follow-up such as "and class 5?"). */
const PROMPT_EARLIER_QUESTIONS = 3;

export interface LlmLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

/**
 * The chat messages for the model: instructions, then ONLY the retrieved clauses (each
 * under its exact citation label), earlier questions for context, and the question. Every
 * sentence is to end with a verbatim quote and the label of the clause it comes from (the
 * answer is checked for exactly that); for a partly covered question the model is told which
 * concepts the library does not cover and to say so.
 */
export function buildPrompt(
  input: AnswerInput,
  retrieved: readonly RankedClause[],
  coverage?: Pick<AnswerCoverage, 'status' | 'uncovered'>,
): OpenAI.Chat.ChatCompletionMessageParam[] {
  const example = retrieved[0] ? citationLabel(retrieved[0].standardCode, retrieved[0].ref) : `${input.standardCode} …`;
  const uncovered = coverage?.status === 'partial' ? coverage.uncovered.map((c) => c.trim()).filter(Boolean) : [];
  const system = [
    `You are Trackside's Compliance Assistant. You answer railway engineering questions from ${input.standardName} only.`,
    'Rules:',
    '- Use ONLY the clauses given in the user message. Do not use outside knowledge and do not mention any clause, section or standard that is not given.',
    `- Write every sentence as a statement, then a short quote copied word for word from the clause that supports it, in double quotes, then that clause's exact label in square brackets, copied exactly as given: <statement>: "<words copied from the clause>" [${example}].`,
    '- A quote is a few words, one sentence or one table row of the clause, copied exactly: the same words, figures and symbols (such as ′ ″ § —), nothing left out, nothing added, no ellipsis. Quote a table row as the clause writes it, with | between its cells.',
    '- Every sentence needs its own quote and label. A sentence without them, or whose quote is not in the clause it cites, is deleted before the engineer reads the answer, so write no introduction, heading, summary or closing remark.',
    '- Quote limits, figures, classes and intervals exactly as the clause states them.',
    ...(uncovered.length > 0
      ? [
          `- The given clauses do not address: ${uncovered.join('; ')}. Say so plainly in one sentence of its own, without a quote or label: "${notAddressedSentence(input.standardName, uncovered)}" Do not answer those parts from outside knowledge.`,
        ]
      : []),
    `- If the given clauses do not address the question, reply only: "${notFoundSentence(input.standardName)}"`,
    '- Be concise. Use Markdown bullet points or short paragraphs, no tables. Do not add a list of sources at the end.',
  ].join('\n');

  const clauses = retrieved.map((c) => {
    const label = citationLabel(c.standardCode, c.ref);
    return [`[${label}] ${c.heading}`, excerpt(c.text, PROMPT_CLAUSE_CHARS)].join('\n');
  });
  const earlier = (input.context ?? [])
    .filter((m) => m.role === 'user')
    .slice(-PROMPT_EARLIER_QUESTIONS)
    .map((m) => `- ${m.content.replace(/\s+/g, ' ').trim()}`);
  const user = [
    `Clauses retrieved from ${input.standardName} (the only sources you may use):`,
    '',
    clauses.join('\n\n---\n\n'),
    '',
    ...(earlier.length > 0 ? ['Earlier questions in this conversation (context only):', ...earlier, ''] : []),
    `Question (discipline: ${input.discipline ?? 'any'}): ${input.question}`,
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

function toCitation(clause: RankedClause): AnswerCitation {
  return { standard: clause.standardCode, ref: clause.ref, section: clause.section, heading: clause.heading, excerpt: excerpt(clause.text) };
}

function removedCitationsNote(removed: readonly string[]): string {
  const n = removed.length;
  return `Note: ${n} ${n === 1 ? 'citation' : 'citations'} that did not match a retrieved clause ${n === 1 ? 'was' : 'were'} removed: ${removed.join(', ')}.`;
}

export interface FinishedGenerativeAnswer {
  answer: Answer;
  /** Citations of clauses that were not retrieved, as written. */
  removed: string[];
  /** Sentences without a citation, or whose quote is not in the clause they cite. */
  removedSentences: RemovedSentence[];
}

/**
 * Turns the model's text into the final answer: checks it sentence by sentence (each must cite
 * a retrieved clause and quote it word for word, see quote-check.ts), removes the rest and
 * citations of clauses that were not retrieved, each with a note, then lists the clauses that
 * back a kept sentence. Returns null when no sentence holds up (the caller then answers
 * extractively). The extractive answer's coverage is kept.
 */
export function finishGenerativeAnswer(modelText: string, input: AnswerInput, extractive: Answer): FinishedGenerativeAnswer | null {
  const text = modelText.replace(/<think>[\s\S]*?<\/think>/g, '').trim();
  const checked = checkQuotedSentences(text, {
    standardCode: input.standardCode,
    retrieved: extractive.retrieved,
    uncovered: extractive.coverage.status === 'partial' ? extractive.coverage.uncovered : [],
  });
  if (checked.cited.length === 0) return null;
  const citations = checked.cited.map(toCitation);
  const body: string[] = [checked.text];
  const sentencesNote = removedSentencesNote(checked.removedSentences);
  if (sentencesNote) body.push('', sentencesNote);
  if (checked.removedCitations.length > 0) body.push('', removedCitationsNote(checked.removedCitations));
  body.push('', '**Clauses cited**', '');
  for (const c of citations) body.push(`**${citationLabel(c.standard, c.ref)}** — ${c.heading}`, '', quote(c.excerpt), '');
  return {
    answer: { ...extractive, response: body.join('\n').trim(), citations },
    removed: checked.removedCitations,
    removedSentences: checked.removedSentences,
  };
}

/**
 * The optional generative mode through any OpenAI-compatible endpoint. Retrieval is the
 * extractive mode's (its answer is computed first and is the fallback); the model sees only
 * the retrieved clauses, its tokens stream to `onToken`, and a second pass checks every
 * sentence's citation and quote. The coverage decision comes first: a question the library
 * does not cover (or nothing retrieved) gets the extractive, declining answer without asking
 * the model; a partly covered one tells the model what is not covered. A model failure or an
 * answer with no sentence that holds up → the extractive answer.
 */
export function createGenerativeAnswerProvider(settings: LlmConfig, log: LlmLogger, options: { maxRetries?: number } = {}): AnswerProvider {
  const client = createLlmClient(settings, { maxRetries: options.maxRetries ?? 1 });

  async function generate(messages: OpenAI.Chat.ChatCompletionMessageParam[], hooks: AnswerHooks): Promise<string> {
    // The client's timeout covers the wait for the response; this bounds the whole stream.
    const deadline = AbortSignal.timeout(settings.timeoutMs);
    const signal = hooks.signal ? AbortSignal.any([deadline, hooks.signal]) : deadline;
    const stream = await client.chat.completions.create({ model: settings.model, messages, stream: true }, { signal });
    let text = '';
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta?.content;
      if (!delta) continue;
      text += delta;
      hooks.onToken?.(delta);
    }
    // An aborted stream ends quietly: a cut-off answer is a failure, not an answer.
    if (hooks.signal?.aborted) throw new Error('the client went away');
    if (deadline.aborted) throw new Error(`the model did not finish within ${settings.timeoutMs} ms`);
    return text;
  }

  return {
    mode: 'generative',
    async answer(db: Db, input: AnswerInput, hooks: AnswerHooks = {}): Promise<Answer> {
      const extractive = await answerQuestion(db, input);
      if (extractive.coverage.status === 'not_covered' || extractive.retrieved.length === 0) return extractive;

      let modelText: string;
      try {
        modelText = await generate(buildPrompt(input, extractive.retrieved, extractive.coverage), hooks);
      } catch (error) {
        if (hooks.signal?.aborted) log.info({ model: settings.model }, 'generative answer stopped: the client went away');
        else log.warn({ err: error, model: settings.model }, 'generative answer failed; answering extractively');
        return extractive;
      }
      const finished = finishGenerativeAnswer(modelText, input, extractive);
      if (!finished) {
        log.info({ model: settings.model }, 'generative answer had no sentence citing and quoting a retrieved clause; answering extractively');
        return extractive;
      }
      if (finished.removed.length > 0) {
        log.info({ model: settings.model, removed: finished.removed }, 'removed citations that did not match a retrieved clause');
      }
      if (finished.removedSentences.length > 0) {
        const reasons = finished.removedSentences.map((r) => r.reason);
        log.info(
          { model: settings.model, removedSentences: reasons },
          'removed sentences without a citation or with a quote not found in the clause they cite',
        );
      }
      return finished.answer;
    },
  };
}
