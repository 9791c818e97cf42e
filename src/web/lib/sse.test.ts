import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse';

function parse(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const chunk of chunks) parser.feed(chunk);
  parser.end();
  return events;
}

describe('createSseParser', () => {
  it('parses named events split across chunks, with CRLF and comments', () => {
    const events = parse([
      ': keep-alive\n\nevent: tok',
      'en\ndata: {"text":"Gage "}\n\n',
      'event: token\r\ndata: {"text":"limits"}\r',
      '\n\r\nevent: done\ndata: {"response":"x",\ndata: "citations":[]}\n\n',
    ]);
    expect(events).toEqual([
      { event: 'token', data: '{"text":"Gage "}' },
      { event: 'token', data: '{"text":"limits"}' },
      { event: 'done', data: '{"response":"x",\n"citations":[]}' },
    ]);
  });

  it('delivers a trailing event without its blank line and defaults the name to message', () => {
    expect(parse(['data: hello'])).toEqual([{ event: 'message', data: 'hello' }]);
  });
});
