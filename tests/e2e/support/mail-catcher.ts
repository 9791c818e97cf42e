/**
 * A real SMTP server for the end-to-end tests: the app sends recovery mail to it over SMTP,
 * and tests read the messages back over HTTP (GET /messages?to=<email>).
 */
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { e2e } from './servers';

interface CaughtMessage {
  to: string[];
  raw: string;
  receivedAt: string;
}

const messages: CaughtMessage[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      messages.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        raw: Buffer.concat(chunks).toString('utf8'),
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});
smtp.listen(e2e.smtpPort, '127.0.0.1');

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/health') return res.end('ok');
    if (url.pathname === '/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const found = to ? messages.filter((m) => m.to.includes(to)) : messages;
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify(found));
    }
    res.statusCode = 404;
    res.end();
  })
  .listen(e2e.mailApiPort, '127.0.0.1');
