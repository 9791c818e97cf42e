import OpenAI from 'openai';
import type { LlmConfig } from '../config';

/**
 * A client for the configured OpenAI-compatible chat-completions endpoint (`LLM_*`), for every
 * feature that asks the model: config.ts is the only reader of the environment, so nothing is
 * taken from the SDK's own OPENAI_* variables.
 */
export function createLlmClient(settings: LlmConfig, options: { timeoutMs?: number; maxRetries?: number } = {}): OpenAI {
  return new OpenAI({
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey,
    organization: null,
    project: null,
    webhookSecret: null,
    timeout: options.timeoutMs ?? settings.timeoutMs,
    maxRetries: options.maxRetries ?? 1,
    logLevel: 'off',
  });
}
