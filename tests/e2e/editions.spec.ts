import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { createUser, expect, horizontalOverflow, readLinkFromMail, screenshot, signIn, test, type E2eUser } from './support/fixtures';
import { e2e } from './support/servers';

const run = promisify(execFile);

const TITLE = 'Yard rules';
const FILLERS = ['Ballast depth', 'Switch heaters', 'Crossing timbers', 'Drainage ditches', 'Fence lines', 'Lighting towers'];

/** A small made-up document as JSONL rows: the derail clauses, and filler sections so that ranking has statistics. */
function jsonl(derails: { ref: string; heading: string; text: string }[]): string {
  const rows = [
    ...derails.map((c) => ({ section: c.ref.replace(/\(.*$/, ''), ...c })),
    ...FILLERS.map((heading, i) => ({
      section: `5.${i + 1}`,
      ref: `5.${i + 1}(a)`,
      heading,
      text: `(a) ${heading} shall be kept in good order and examined after heavy rain by the yard supervisor.`,
    })),
  ];
  return rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
}

const REV1 = jsonl([
  { ref: '4.1(a)', heading: 'Derail position', text: '(a) Each derail shall be locked in the derailing position when cars are stored on the siding.' },
  { ref: '4.2(a)', heading: 'Derail colour', text: '(a) Derails shall be painted yellow.' },
]);
const REV2 = jsonl([
  {
    ref: '4.1(a)',
    heading: 'Derail position',
    text: '(a) Each derail shall be locked and tagged in the derailing position whenever cars are stored on the siding.',
  },
  { ref: '4.3(a)', heading: 'Derail signs', text: '(a) Derail signs shall be reflectorised.' },
]);

/** Serious and critical accessibility violations of the page as it is (axe, WCAG 2.1 AA and best practice). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function tokenOf(request: APIRequestContext, user: E2eUser): Promise<string> {
  const res = await request.post('/api/auth/token?grant_type=password', { data: { email: user.email, password: user.password } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

test.describe('Editions and change tracking', () => {
  test('a follower of a standard sees what a new edition changed and gets a notice naming the conversation that cited it', async ({
    page,
    user,
    request,
  }, testInfo) => {
    // Two imports, a question, two sign-ins and four screenshots: more than the default minute on a busy two-core machine.
    test.setTimeout(180_000);
    // A standard of its own, so that runs and other tests never meet.
    const standard = `Yard Rules ${randomUUID().slice(0, 6)}`;
    const rev1 = testInfo.outputPath('yard-rules-rev1.jsonl');
    await writeFile(rev1, REV1);

    await test.step('Rev 1 is imported by the CLI (through the running server)', async () => {
      await run('npx', ['tsx', 'src/server/cli/main.ts', 'standards:import', '--standard', standard, '--file', rev1, '--edition', 'Rev 1', '--title', TITLE], {
        env: { ...process.env, DATA_DIR: e2e.dataDir(e2e.appPort), DATABASE_URL: '' },
      });
    });

    await test.step('the user follows the standard on its page', async () => {
      await signIn(page, user);
      await page.goto(`/standards/${encodeURIComponent(standard)}`);
      await page.getByRole('button', { name: `Follow ${standard}` }).click();
      await expect(page.getByText(`Following ${standard}`)).toBeVisible();
      await expect(page.getByRole('button', { name: `Unfollow ${standard}` })).toBeVisible();
      await screenshot(page, testInfo, 'standard-following-1280.png');
      await page.setViewportSize({ width: 375, height: 812 });
      expect(await horizontalOverflow(page), 'the standard at 375px').toBeLessThanOrEqual(0);
      await screenshot(page, testInfo, 'standard-following-375.png');
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto('/profile');
      await expect(page.getByRole('list', { name: 'Followed standards' }).getByRole('link', { name: standard })).toBeVisible();
    });

    const token = await tokenOf(request, user);
    await test.step('the user asks the assistant about derails (through the API); the answer cites 4.1(a)', async () => {
      const res = await request.post('/api/chat', {
        headers: { authorization: `Bearer ${token}` },
        data: {
          message: 'Must a derail be locked when cars are stored on the siding?',
          selectedStandard: standard,
          discipline: 'Track and Civil',
          chatContext: [],
        },
      });
      expect(res.ok()).toBe(true);
      expect(((await res.json()) as { citations: { ref: string }[] }).citations.map((c) => c.ref)).toContain('4.1(a)');
    });

    await test.step('an admin uploads Rev 2 (through the API)', async () => {
      const admin = await createUser(undefined, { admin: true });
      const res = await request.post('/api/admin/standards/documents', {
        headers: { authorization: `Bearer ${await tokenOf(request, admin)}` },
        multipart: {
          standard,
          discipline: 'Track and Civil',
          edition: 'Rev 2',
          title: TITLE,
          file: { name: 'yard-rules-rev2.jsonl', mimeType: 'application/octet-stream', buffer: Buffer.from(REV2) },
        },
      });
      expect(res.ok(), await res.text()).toBe(true);
      expect(((await res.json()) as { results: { status: string }[] }).results[0]?.status).toBe('new-edition');
    });

    await test.step('the bell counts the notice; the notice names the changed clauses and the conversation', async () => {
      const bell = page.getByRole('link', { name: 'Notices, 1 unread' });
      await expect(async () => {
        await page.reload();
        await expect(bell).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 20_000 });
      await bell.click();
      await expect(page).toHaveURL(/\/notices$/);
      const notice = page.getByRole('article', { name: new RegExp(`${standard} ${TITLE}: a new edition is in force`) });
      await expect(notice).toContainText('Rev 2 replaces Rev 1');
      await expect(notice.getByRole('list', { name: 'Changed clauses' }).getByRole('link', { name: '4.1(a)' })).toBeVisible();
      await expect(notice.getByRole('list', { name: 'Removed clauses' })).toContainText('4.2(a)');
      await expect(notice.getByRole('list', { name: 'New clauses' })).toContainText('4.3(a)');
      await expect(notice.getByRole('link', { name: /derail/i })).toBeVisible();
      await expect(notice).toContainText('cited 4.1(a)');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, testInfo, 'notices-1280.png', { fullPage: true });
      await page.setViewportSize({ width: 375, height: 812 });
      expect(await horizontalOverflow(page), '/notices at 375px').toBeLessThanOrEqual(0);
      await screenshot(page, testInfo, 'notices-375.png', { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 720 });
    });

    await test.step('and by e-mail, linking to the notices', async () => {
      expect(await readLinkFromMail(user.email, '/notices')).toBe(`${e2e.baseUrl(e2e.appPort)}/notices`);
    });

    await test.step('"See what changed" shows the changed words, marked, and the removed and added clauses', async () => {
      const notice = page.getByRole('article', { name: new RegExp(`${TITLE}: a new edition`) });
      await notice.getByRole('button', { name: /Mark .* as read/ }).click();
      await expect(page.getByRole('link', { name: 'Notices', exact: true })).toBeVisible();
      await notice.getByRole('link', { name: 'See what changed' }).click();
      await expect(page.getByRole('heading', { name: 'What changed', level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'unchanged' })).toContainText('Rev 1 to Rev 2: 1 changed, 1 removed, 1 added, 6 unchanged.');
      const changed = page.getByRole('article', { name: 'Changed: 4.1(a) Derail position' });
      await expect(changed.locator('ins')).toContainText(['and tagged', 'whenever']);
      await expect(changed.locator('del')).toContainText('when');
      await expect(page.getByRole('article', { name: 'Removed: 4.2(a) Derail colour' })).toContainText('painted yellow');
      await expect(page.getByRole('article', { name: 'Added: 4.3(a) Derail signs' })).toContainText('reflectorised');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, testInfo, 'what-changed-1280.png', { fullPage: true });
      await page.setViewportSize({ width: 375, height: 812 });
      expect(await horizontalOverflow(page), 'what changed at 375px').toBeLessThanOrEqual(0);
      await screenshot(page, testInfo, 'what-changed-375.png', { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 720 });
    });

    await test.step('the comparison is keyboard usable: its fields and links are reached by Tab, and swapping the editions compares back', async () => {
      const documentSelect = page.getByLabel('Document');
      await documentSelect.focus();
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('From edition')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('To edition')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Open 4.1(a) in the edition in force' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL((url) => decodeURIComponent(url.pathname) === `/standards/${standard}/4.1(a)`);
      await expect(page.getByRole('article', { name: `${standard} 4.1(a)` })).toContainText('locked and tagged');
      await page.goBack();
      await page.getByLabel('To edition').selectOption('Rev 1');
      await expect(page.getByLabel('From edition')).toHaveValue('Rev 2');
      await expect(page.getByRole('status').filter({ hasText: 'unchanged' })).toContainText('Rev 2 to Rev 1');
    });
  });
});
