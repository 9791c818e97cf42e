import { assistantMessages } from '../../../../shared/assistant-messages';
import { AppError, ErrorCode } from '../../../../shared/errors';
import { chatResponseSchema, type ChatRequest, type ChatResponse } from '../../../../shared/schemas/chat';
import { api, apiStream } from '../../../lib/api-client';

export interface SendChatOptions {
  /** Each streamed piece of the answer as it arrives. */
  onToken?: (text: string) => void;
  signal?: AbortSignal;
}

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

function invalidResponse(): AppError {
  return new AppError(ErrorCode.invalidResponse, assistantMessages.chat.invalidResponseDescription, 502);
}

/**
 * Asks the assistant: `POST /api/chat/stream` (tokens as they come, then the full answer
 * in `done`), falling back to `POST /api/chat` where the server has no streaming route.
 * Errors arrive as `AppError`s (409 `standard_not_loaded`, 429 …); callers show them.
 */
export async function sendChatMessage(request: ChatRequest, options: SendChatOptions = {}): Promise<ChatResponse> {
  const { onToken, signal } = options;
  let result: ChatResponse | undefined;
  try {
    await apiStream('/chat/stream', {
      body: request,
      signal,
      toast: false,
      onEvent: ({ event, data }) => {
        const payload = parseJson(data);
        if (event === 'token') {
          const text = (payload as { text?: unknown } | undefined)?.text;
          if (typeof text === 'string') onToken?.(text);
        } else if (event === 'done') {
          const parsed = chatResponseSchema.safeParse(payload);
          if (!parsed.success) throw invalidResponse();
          result = parsed.data;
        } else if (event === 'error') {
          const body = (payload ?? {}) as { error?: unknown; code?: unknown };
          throw new AppError(
            typeof body.code === 'string' ? body.code : 'ai_service_error',
            typeof body.error === 'string' && body.error ? body.error : assistantMessages.chat.serviceErrorTitle,
            502,
          );
        }
      },
    });
  } catch (error) {
    // No streaming route on this server: ask the plain endpoint instead.
    if (error instanceof AppError && (error.status === 404 || error.status === 405) && result === undefined) {
      return api.post('/chat', request, { schema: chatResponseSchema, toast: false, signal });
    }
    throw error;
  }
  if (!result) throw invalidResponse();
  return result;
}
