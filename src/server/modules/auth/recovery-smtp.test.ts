import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { buildUser } from '../../test/factories';
import { messages } from '../../../shared/messages';

interface Received {
  from: string | undefined;
  to: string[];
  data: string;
}

/** Decodes a quoted-printable body (nodemailer uses it for long lines). */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The whole recovery, and an invitation, through a real SMTP conversation (nodemailer → smtp-server). */
describe('password recovery and invitations over SMTP', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let ctx: TestContext;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      smtp.once('error', reject);
      smtp.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = smtp.server.address() as AddressInfo;
    ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Trackside <no-reply@trackside.test>' }, undefined, { realMailer: true });
  });

  afterAll(async () => {
    await ctx?.app.close();
    await ctx?.database.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('mails a link that opens a recovery session which sets the new password', async () => {
    const user = await buildUser(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/recover?redirect_to=${encodeURIComponent('http://trackside.test/account/reset-password')}`,
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);

    expect(received).toHaveLength(1);
    const mail = received[0] as Received;
    expect(mail.to).toEqual([user.email]);
    expect(mail.from).toBe('no-reply@trackside.test');
    expect(mail.data).toMatch(/^Subject: Reset your Trackside password/m);
    const body = decodeQuotedPrintable(mail.data);
    const href = /http:\/\/trackside\.test\/api\/auth\/verify\?\S+/.exec(body)?.[0];
    expect(href).toBeDefined();
    const link = new URL(href ?? '');
    expect(link.searchParams.get('type')).toBe('recovery');

    const followed = await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(followed.statusCode).toBe(303);
    const location = new URL(String(followed.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe('http://trackside.test/account/reset-password');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    const accessToken = fragment.get('access_token');
    expect(accessToken).toBeTruthy();

    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${accessToken ?? ''}` },
      payload: { password: 'Via-Smtp-Reset-4' },
    });
    expect(put.statusCode, put.body).toBe(200);

    const signIn = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=password', payload: { email: user.email, password } });
    expect((await signIn('Via-Smtp-Reset-4')).statusCode).toBe(200);
    const old = await signIn(user.password);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ code: 'invalid_credentials' });
  });

  it('mails an invitation whose link lets the invitee set a password and sign in', async () => {
    const admin = await buildUser(ctx, { admin: true });
    const email = `invited-smtp-${Date.now()}@example.com`;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/invite', headers: admin.headers, payload: { email } });
    expect(res.statusCode, res.body).toBe(200);
    const mail = received.at(-1) as Received;
    expect(mail.to).toEqual([email]);
    expect(mail.data).toMatch(/^Subject: You have been invited to Trackside/m);
    const href = /http:\/\/trackside\.test\/api\/auth\/verify\?\S+/.exec(decodeQuotedPrintable(mail.data))?.[0] ?? '';
    const link = new URL(href);
    expect(link.searchParams.get('type')).toBe('invite');
    const followed = await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    const location = new URL(String(followed.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe('http://trackside.test/account/accept-invite');
    const accessToken = new URLSearchParams(location.hash.slice(1)).get('access_token') ?? '';
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { password: 'Invited-Smtp-6' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=password', payload: { email, password: 'Invited-Smtp-6' } });
    expect(signIn.statusCode).toBe(200);
    const settings = await ctx.app.inject({ method: 'GET', url: '/api/auth/admin/invite-settings', headers: admin.headers });
    expect(settings.json()).toEqual({ mail_delivery: 'smtp', invitation_days: 7 });
  });

  it('mails a change-of-e-mail link to the new address and notices to the old one', async () => {
    const user = await buildUser(ctx);
    const newEmail = `moved-smtp-${Date.now()}@example.com`;
    const before = received.length;
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/auth/user', headers: user.headers, payload: { email: newEmail } });
    expect(put.statusCode, put.body).toBe(200);
    const [confirm, notice] = received.slice(before) as [Received, Received];
    expect(confirm.to).toEqual([newEmail]);
    expect(confirm.data).toMatch(/^Subject: Confirm your new Trackside e-mail address/m);
    expect(notice.to).toEqual([user.email]);
    expect(notice.data).toMatch(/^Subject: Your Trackside e-mail address is being changed/m);
    const href = /http:\/\/trackside\.test\/api\/auth\/verify\?\S+/.exec(decodeQuotedPrintable(confirm.data))?.[0] ?? '';
    const link = new URL(href);
    expect(link.searchParams.get('type')).toBe('email_change');
    const followed = await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(new URL(String(followed.headers.location)).pathname).toBe('/account/confirm-email');
    const done = received.at(-1) as Received;
    expect(done.to).toEqual([user.email]);
    expect(done.data).toMatch(/^Subject: Your Trackside e-mail address has been changed/m);
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/token?grant_type=password', payload: { email: newEmail, password: user.password } });
    expect(signIn.statusCode).toBe(200);
  });

  it('sends nothing for an unknown e-mail and answers the same', async () => {
    const before = received.length;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email: 'nobody-smtp@example.com' } });
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(before);
  });

  it('never says the link is on its way when no mail can be sent, and answers the same for every address', async () => {
    // An SMTP server that is down: a port nothing listens on.
    const closed = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const { port } = closed.server.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, ctx.database, { realMailer: true });
    try {
      const user = await buildUser(down);
      for (const email of [user.email, 'nobody-down@example.com']) {
        const res = await down.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email } });
        expect(res.statusCode, email).toBe(503);
        expect(res.json()).toMatchObject({ code: 'service_unavailable', error: messages.auth.mailUnavailable });
      }
      // Nor is an invitation made that cannot be sent.
      const admin = await buildUser(down, { admin: true });
      const invited = 'invited-down@example.com';
      const res = await down.app.inject({ method: 'POST', url: '/api/auth/invite', headers: admin.headers, payload: { email: invited } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'service_unavailable', error: messages.users.inviteMailUnavailable });
      const list = await down.app.inject({ method: 'GET', url: `/api/auth/admin/users?filter=${invited}`, headers: admin.headers });
      expect(list.json()).toMatchObject({ total: 0 });
    } finally {
      await down.app.close();
    }
  });
});
