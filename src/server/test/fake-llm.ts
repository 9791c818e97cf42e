import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake model does with one request: an HTTP error, or these pieces of text streamed. */
export type FakeReply = { status: number } | { chunks: string[] } | { hang: true; chunks: string[] };

export interface ChatCompletionRequest {
  model: string;
  stream?: boolean;
  messages: { role: string; content: string }[];
}

/** A local server speaking the OpenAI chat-completions protocol (streamed SSE, or plain JSON). */
export class FakeLlm {
  readonly requests: ChatCompletionRequest[] = [];
  reply: (request: ChatCompletionRequest) => FakeReply = () => ({ chunks: ['Nothing.'] });
  private server: Server = createServer((req, res) => void this.handle(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const body = JSON.parse(raw) as ChatCompletionRequest;
    this.requests.push(body);
    const reply = this.reply(body);
    if ('status' in reply) {
      res
        .writeHead(reply.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'model unavailable', type: 'server_error' } }));
      return;
    }
    const base = { id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model: body.model };
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: reply.chunks.join('') }, finish_reason: 'stop' }],
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const write = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    write({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    for (const content of reply.chunks) {
      write({ ...base, choices: [{ index: 0, delta: { content }, finish_reason: null }] });
      await new Promise((r) => setTimeout(r, 2));
    }
    if ('hang' in reply) return; // never finishes: the client's deadline has to end it
    write({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    res.end('data: [DONE]\n\n');
  }
}
