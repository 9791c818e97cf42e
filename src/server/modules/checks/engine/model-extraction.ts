import type OpenAI from 'openai';
import { z } from 'zod';
import type { DocumentContent } from '../../../../shared/schemas/document-content';
import { REQUIREMENT_PARAMETERS, requirementParameterSchema, type RequirementParameter } from '../../../../shared/schemas/requirements';
import type { LlmConfig } from '../../../config';
import { findQuantities } from './quantities';
import { splitSentences } from './sentences';
import { readSentence } from './statements';
import { toLimitUnit } from './values';
import { createLlmClient } from '../../../lib/llm-client';

/**
 * The optional model pass (issue 17, item 3): where a sentence states figures the reader could
 * not tie to a parameter, the language model may propose (parameter, value, unit, quote)
 * triples. The model is never trusted: a proposal is kept only if its quote is found verbatim
 * in a paragraph of the document and its value in that quote; it is then checked like any
 * other value, marked model-extracted, and goes through the same second pass.
 */

export interface ProposedValue {
  parameter: RequirementParameter;
  value: number;
  unit: string;
  quote: string;
  /** The figure as the quote writes it ("18 s", "eighteen seconds"): what the second pass re-reads. */
  valueText: string;
}

/** The most sentences one request asks about (a long document's prose is cut, never the answer). */
const MAX_SENTENCES = 200;

const proposalSchema = z.object({
  values: z.array(z.object({ parameter: z.string(), value: z.number(), unit: z.string(), quote: z.string() })),
});

/** Sentences with a figure in them that the reader found no design value in. */
export function sentencesForModel(content: DocumentContent): string[] {
  const sentences: string[] = [];
  for (const block of content.blocks) {
    if (block.kind !== 'paragraph' || block.headingLevel !== undefined) continue;
    for (const { text } of splitSentences(block.text)) {
      if (/\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty)\b/i.test(text) && readSentence(text).values.length === 0)
        sentences.push(text);
    }
  }
  return sentences.slice(0, MAX_SENTENCES);
}

/** The prompt: the parameters the library limits, and the numbered sentences. */
export function buildExtractionPrompt(sentences: string[]): OpenAI.Chat.ChatCompletionMessageParam[] {
  const parameters = Object.entries(REQUIREMENT_PARAMETERS)
    .map(([id, label]) => `- ${id}: ${label}`)
    .join('\n');
  const system = [
    'You read sentences of a railway design or inspection document and list the design values they state.',
    'Only values of these parameters count:',
    parameters,
    'Rules:',
    '- A value is a figure the document sets for its own track, crossing, bridge or vehicle, not a limit it quotes from a regulation.',
    '- quote: the shortest words of ONE sentence that hold the value, copied character for character. Never reword, never join sentences.',
    '- unit: in, mm, ft, m, mph, km/h, seconds, days, weeks, months, years, crossties, per week, per month or per calendar year.',
    'Answer with JSON only: {"values":[{"parameter":"...","value":0,"unit":"...","quote":"..."}]}; {"values":[]} when there is none.',
  ].join('\n');
  const user = sentences.map((s, i) => `${i + 1}. ${s}`).join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** A unit as the model wrote it, in the reader's names ("s" → seconds, "inches" → in); undefined for one the check cannot compare. */
function unitOf(unit: string): string | undefined {
  const t = unit.trim();
  if (/^per (?:week|month|calendar year)$/i.test(t)) return t.toLowerCase();
  const read = findQuantities(`1 ${t}`)[0];
  return read && read.text === `1 ${t}` && toLimitUnit(1, read.unit) ? read.unit : undefined;
}

/** The figure of `value` in a quote: a quantity the reader reads there, or the number as written. */
function figureIn(quote: string, value: number): string | undefined {
  const quantity = findQuantities(quote).find((q) => Math.abs(q.value - value) < 1e-9);
  if (quantity) return quantity.text;
  const digits = new RegExp(String.raw`(?<![\d.])${String(value).replace('.', '\\.')}(?![\d.])`).exec(quote);
  return digits?.[0];
}

/**
 * The model's proposals that hold up: a known parameter and unit, a quote found verbatim in a
 * paragraph of the document, and the value written in that quote. Everything else is dropped.
 */
export function keepVerifiedProposals(content: DocumentContent, raw: unknown): ProposedValue[] {
  const parsed = proposalSchema.safeParse(raw);
  if (!parsed.success) return [];
  const paragraphs = content.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text);
  const kept: ProposedValue[] = [];
  for (const p of parsed.data.values) {
    const parameter = requirementParameterSchema.safeParse(p.parameter);
    const unit = unitOf(p.unit);
    const quote = p.quote.trim();
    if (!parameter.success || !unit || quote.length < 4 || !paragraphs.some((text) => text.includes(quote))) continue;
    const valueText = figureIn(quote, p.value);
    if (!valueText) continue;
    kept.push({ parameter: parameter.data, value: p.value, unit, quote, valueText });
  }
  return kept;
}

/** Reads the JSON object out of a model's answer (tolerating a code fence around it). */
function jsonIn(text: string): unknown {
  const body = /\{[\s\S]*\}/.exec(text)?.[0];
  if (!body) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/**
 * Asks the model for values in the sentences the reader found none in, and keeps those that
 * hold up. Throws when the model cannot be reached; the caller checks the document without them.
 */
export async function proposeValues(content: DocumentContent, settings: LlmConfig): Promise<ProposedValue[]> {
  const sentences = sentencesForModel(content);
  if (sentences.length === 0) return [];
  const client = createLlmClient(settings);
  const completion = await client.chat.completions.create({ model: settings.model, messages: buildExtractionPrompt(sentences), temperature: 0 });
  return keepVerifiedProposals(content, jsonIn(completion.choices[0]?.message.content ?? ''));
}
