import OpenAI from 'openai';

/**
 * A client for a configured OpenAI-compatible endpoint (`LLM_*` for chat completions, `EMBEDDING_*`
 * for embeddings), for every feature that asks a model: config.ts is the only reader of the environment, so nothing is
 * taken from the SDK's own OPENAI_* variables.
 */
export function createLlmClient(
  settings: { baseUrl: string; apiKey: string; timeoutMs?: number },
  options: { timeoutMs?: number; maxRetries?: number } = {},
): OpenAI {
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
