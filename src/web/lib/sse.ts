/** One Server-Sent Event: its `event:` name (default "message") and joined `data:` lines. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * An incremental `text/event-stream` parser (the WHATWG rules that matter here): feed it
 * decoded chunks as they arrive; it calls `onEvent` for each complete event. Comment lines
 * (`:` keep-alives), `id:` and `retry:` are ignored.
 */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = '';
  let eventName = '';
  let dataLines: string[] = [];

  const dispatch = () => {
    if (dataLines.length > 0) onEvent({ event: eventName || 'message', data: dataLines.join('\n') });
    eventName = '';
    dataLines = [];
  };

  const processLine = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') dataLines.push(value);
  };

  return {
    feed(chunk: string) {
      buffer += chunk;
      let match: RegExpExecArray | null;
      const newline = /\r\n|\r|\n/g;
      let start = 0;
      while ((match = newline.exec(buffer)) !== null) {
        // A lone \r at the very end may be the first half of \r\n: wait for more.
        if (match[0] === '\r' && match.index === buffer.length - 1) break;
        processLine(buffer.slice(start, match.index));
        start = match.index + match[0].length;
      }
      buffer = buffer.slice(start);
    },
    /** Ends the stream: a trailing event without its blank line is still delivered. */
    end() {
      if (buffer !== '') processLine(buffer);
      buffer = '';
      dispatch();
    },
  };
}
