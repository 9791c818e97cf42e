import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** False when mail cannot be sent now (the SMTP server does not answer); absent where mail always goes (the log). */
  ready?(): Promise<boolean>;
}

/** How long the SMTP server has to answer before mail counts as unavailable; nodemailer waits two minutes by default. */
const SMTP_TIMEOUT_MS = 5000;

function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const option of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
    if (!url.searchParams.has(option)) url.searchParams.set(option, String(SMTP_TIMEOUT_MS));
  }
  return url.toString();
}

/**
 * Real SMTP when `smtpUrl` is set; otherwise each message is written to the log, so a
 * single-machine install can still complete a password reset.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      async send(message) {
        log.info({ mail: { to: message.to, subject: message.subject } }, `e-mail (no SMTP_URL set):\n${message.text}`);
      },
    };
  }
  const transport = nodemailer.createTransport(withTimeouts(smtpUrl));
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async ready() {
      return transport.verify().then(
        () => true,
        (error: unknown) => {
          log.warn(`SMTP server unavailable: ${error instanceof Error ? error.message : String(error)}`);
          return false;
        },
      );
    },
  };
}
