import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { test as base, expect, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { e2e } from './servers';

const run = promisify(execFile);

export const PASSWORD = 'Rail-Track-2026';

export interface E2eUser {
  email: string;
  password: string;
}

/**
 * Creates an account on the server listening on `port` through the real CLI, which hands the
 * command to that server over its control socket (the server owns the embedded database).
 */
export async function createUser(port = e2e.appPort, options: { admin?: boolean } = {}): Promise<E2eUser> {
  const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
  const args = ['tsx', 'src/server/cli/main.ts', 'user:create', '--email', email, '--password', PASSWORD];
  if (options.admin) args.push('--admin');
  await run('npx', args, { env: { ...process.env, DATA_DIR: e2e.dataDir(port), DATABASE_URL: '' } });
  return { email, password: PASSWORD };
}

/** Waits for the newest e-mail to `to` at the test SMTP server and returns its first link to `contains`. */
export async function readLinkFromMail(to: string, contains: string, after = 0): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const res = await fetch(`http://127.0.0.1:${e2e.mailApiPort}/messages?to=${encodeURIComponent(to)}`);
    const messages = (await res.json()) as { raw: string }[];
    if (messages.length > after) {
      const parsed = await simpleParser(messages[messages.length - 1]!.raw);
      const link = parsed.text?.split(/\s+/).find((word) => word.startsWith('http') && word.includes(contains));
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail with a ${contains} link reached ${to}`);
}

export async function countMail(to: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${e2e.mailApiPort}/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as unknown[]).length;
}

/** Signs in through the login form and waits for the redirect away from /login. */
export async function signInThroughForm(page: Page, user: E2eUser): Promise<void> {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

export const test = base.extend<{ user: E2eUser }>({
  // Each test that asks for a user gets a new account of its own.
  // Playwright reads a fixture's dependencies from this destructuring, so it must exist even when empty.
  // eslint-disable-next-line no-empty-pattern
  user: async ({}, use) => {
    await use(await createUser());
  },
});

export { expect };
