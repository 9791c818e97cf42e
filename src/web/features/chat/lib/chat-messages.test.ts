import { describe, expect, it } from 'vitest';
import { assistantMessages } from '../../../../shared/assistant-messages';
import { AppError, ErrorCode } from '../../../../shared/errors';
import { CHAT_LIMITS } from '../../../../shared/schemas/chat';
import type { ChatMessage } from '../types';
import { buildChatContext, failedReply, welcome } from './chat-messages';

const message = (role: ChatMessage['role'], content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: content,
  role,
  content,
  timestamp: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('buildChatContext', () => {
  it('sends the last messages of the conversation, without the welcome or apologies, each cut to the limit', () => {
    const long = 'x'.repeat(CHAT_LIMITS.contextContentMax + 50);
    const history = [
      welcome('49 CFR Part 213', 'Track and Civil'),
      ...Array.from({ length: CHAT_LIMITS.contextMessages }, (_, i) => message(i % 2 === 0 ? 'user' : 'assistant', `m${i}`)),
      message('assistant', 'Sorry', { isError: true }),
      message('user', long),
    ];
    const context = buildChatContext(history);
    expect(context).toHaveLength(CHAT_LIMITS.contextMessages);
    expect(context.map((m) => m.content)).not.toContain('Sorry');
    expect(context[0]?.content).toBe('m1');
    expect(context.at(-1)).toEqual({ role: 'user', content: long.slice(0, CHAT_LIMITS.contextContentMax) });
  });
});

describe('failedReply', () => {
  it('apologises and shows the error text for a failed answer', () => {
    const failed = failedReply(new Error('The assistant took too long'));
    expect(failed.message).toMatchObject({ role: 'assistant', isError: true });
    expect(failed.message.content).toBe(`${assistantMessages.chat.errorReply}\n\nThe assistant took too long`);
    expect(failed.toast.title).toBe(assistantMessages.chat.errorToastTitle);
  });

  it('says plainly that a standard has no clauses, without the apology', () => {
    const failed = failedReply(new AppError(ErrorCode.standardNotLoaded, 'No clauses are loaded for this standard yet.', 409));
    expect(failed.message.content).toBe('No clauses are loaded for this standard yet.');
    expect(failed.toast.description).toBe('No clauses are loaded for this standard yet.');
  });
});
