import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
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

/** Signs in from /login; the app then lands on /chat (its default redirect). */
export async function signIn(page: Page, user: E2eUser): Promise<void> {
  await page.goto('/login');
  await signInThroughForm(page, user);
}

/** Where screenshots are also copied for a person to look at (E2E_SHOTS_DIR, default /tmp/shots-e2e). */
const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-e2e';

/**
 * A screenshot in the test's output folder, copied to SHOTS_DIR. Toasts are closed first so
 * that they hide nothing; a full-page shot starts from the top (sticky header in place).
 */
export async function screenshot(page: Page, testInfo: TestInfo, name: string, options: { fullPage?: boolean; nativePopupOpen?: boolean } = {}): Promise<void> {
  // With a native <select> list open, Chromium answers no query of the page until it closes:
  // the caller dismisses toasts (dismissToasts) before opening it.
  if (!options.nativePopupOpen) await dismissToasts(page);
  if (options.fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  const file = testInfo.outputPath(name);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? false });
  await mkdir(SHOTS_DIR, { recursive: true });
  await copyFile(file, path.join(SHOTS_DIR, name));
}

/** Closes the toasts on the page, which would otherwise hide what a screenshot is of. */
export async function dismissToasts(page: Page): Promise<void> {
  for (const close of await page.getByRole('button', { name: 'Close toast' }).all()) await close.click().catch(() => undefined);
  await expect(page.getByRole('button', { name: 'Close toast' })).toHaveCount(0);
}

/** How far the page scrolls sideways (0 when it fits the viewport). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

export interface E2eOptions {
  /**
   * 'done' (default) marks the /chat onboarding dialog as already completed before every page
   * load, so that it does not cover pages of tests about something else; 'fresh' leaves it.
   */
  onboarding: 'done' | 'fresh';
}

export const test = base.extend<{ user: E2eUser } & E2eOptions>({
  onboarding: ['done', { option: true }],
  page: async ({ page, onboarding }, use) => {
    if (onboarding === 'done') {
      await page.addInitScript(() => {
        try {
          window.localStorage.setItem('onboardingCompleted', 'true');
        } catch {
          // about:blank and other opaque origins have no storage.
        }
      });
    }
    await use(page);
  },
  // Each test that asks for a user gets a new account of its own.
  // Playwright reads a fixture's dependencies from this destructuring, so it must exist even when empty.
  // eslint-disable-next-line no-empty-pattern
  user: async ({}, use) => {
    await use(await createUser());
  },
});

export { expect };
