import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import type { ChatResponse } from '../../src/shared/schemas/chat';
import { answers, questionInput as input } from './support/chat';
import { expect, horizontalOverflow, screenshot, signIn, test } from './support/fixtures';

/** Overhead line equipment is not in 49 CFR: the library does not cover it. */
const UNCOVERED_QUESTION = 'What contact wire height do we need for 25 kV overhead line equipment over a level crossing?';
/** 49 CFR 213.9(a): 40 mph for freight trains on class 3 track. */
const SPEED_QUESTION = 'What is the maximum speed for freight trains on class 3 track?';
const NOT_COVERED = 'Not covered by the library';

function citedClauses(answer: Locator) {
  return answer.getByRole('list', { name: 'Cited clauses' });
}

async function openChat(page: Page, user: Parameters<typeof signIn>[1]) {
  await signIn(page, user);
  await expect(page).toHaveURL(/\/chat$/);
  await expect(input(page)).toBeEnabled();
  await page.getByLabel('Discipline', { exact: true }).selectOption('Track and Civil');
}

/** Asks and waits for the answer (the nth of the conversation, from 1). */
async function ask(page: Page, question: string, nth: number): Promise<Locator> {
  await input(page).fill(question);
  await input(page).press('Enter');
  await expect(answers(page)).toHaveCount(nth, { timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Consulting railway standards...' })).toBeHidden();
  return answers(page).nth(nth - 1);
}

/** The first line of an answer's text, as the reader sees it. */
async function firstLine(answer: Locator): Promise<string> {
  const text = await answer.locator('.chat-markdown').first().innerText();
  return text.split('\n').find((line) => line.trim() !== '') ?? '';
}

/** Serious or critical accessibility violations inside the conversation. */
async function conversationViolations(page: Page): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const results = await new AxeBuilder({ page }).include('[role="log"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}) ${v.help} → ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

/** The stream a server would send for `response` (a token, then done). */
function sseBody(response: ChatResponse): string {
  return `event: token\ndata: ${JSON.stringify({ text: response.response })}\n\nevent: done\ndata: ${JSON.stringify(response)}\n\n`;
}

const DECLINED: ChatResponse = {
  response: [
    "I couldn't find a clause in 49 CFR (US Federal Railroad Administration) that addresses contact wire height for 25 kV overhead line equipment.",
    '',
    'Possibly related clauses (they may not answer your question):',
    '- 49 CFR 234.3 — Application.',
    '- 49 CFR 213.1 — Scope of part.',
  ].join('\n'),
  threadId: '5b6c7d8e-1f20-4a31-8b42-9c53d64e7f80',
  runId: '5b6c7d8e-1f20-4a31-8b42-9c53d64e7f81',
  citations: [],
  coverage: { status: 'not_covered', confidence: 0, uncovered: ['contact wire height', '25 kV overhead line equipment'] },
};

const PARTIAL: ChatResponse = {
  response: [
    'The maximum allowable operating speed for freight trains on class 3 track is 40 mph [49 CFR 213.9(a)].',
    '',
    '**Clauses cited**',
    '',
    '**49 CFR 213.9(a)** — Classes of track: operating speed limits.',
    '',
    '> Class 3 track | 40 | 60',
  ].join('\n'),
  threadId: DECLINED.threadId,
  runId: '5b6c7d8e-1f20-4a31-8b42-9c53d64e7f82',
  citations: [
    {
      standard: '49 CFR',
      ref: '213.9',
      pinpoint: '213.9(a)',
      heading: 'Classes of track: operating speed limits.',
      excerpt: '(a) Except as provided in paragraph (b) of this section …',
    },
  ],
  coverage: { status: 'partial', confidence: 0.45, uncovered: ['hazardous materials trains'] },
};

test.describe('Compliance Assistant: how far the library covers an answer', () => {
  test('a question the library does not cover gets the not-covered notice, no chips, also when reopened', async ({ page, user }) => {
    await openChat(page, user);
    const answer = await ask(page, UNCOVERED_QUESTION, 1);

    await expect(answer.getByRole('note', { name: NOT_COVERED })).toBeVisible();
    await expect(answer).toContainText("I couldn't find a clause in 49 CFR");
    await expect(citedClauses(answer)).toHaveCount(0);

    await test.step('reopened from the history', async () => {
      await page.getByRole('button', { name: 'Clear conversation' }).click();
      await page.getByRole('button', { name: 'Past conversations' }).click();
      const panel = page.getByRole('dialog', { name: 'Past conversations' });
      await panel
        .getByRole('list', { name: 'Conversations' })
        .getByRole('button', { name: /^What contact wire height/ })
        .click();
      await expect(panel).toBeHidden();
      await expect(answers(page)).toHaveCount(1);
      await expect(answers(page).first().getByRole('note', { name: NOT_COVERED })).toBeVisible();
      await expect(citedClauses(answers(page).first())).toHaveCount(0);
    });
  });

  test('class 3 freight speed: the answer leads with 40 mph and cites 213.9(a)', async ({ page, user }, testInfo) => {
    await openChat(page, user);
    const answer = await ask(page, SPEED_QUESTION, 1);

    await expect(answer.getByRole('note', { name: NOT_COVERED })).toHaveCount(0);
    expect(await firstLine(answer)).toContain('40 mph');
    const chip = citedClauses(answer).getByRole('button', { name: /^49 CFR 213\.9\(a\)/ });
    await expect(chip).toBeVisible();

    // The answer's opening lines, where the figure is, in view.
    // The conversation scrolls, not the page: scroll only it, to the answer's top.
    const showTop = () =>
      answer.evaluate((el) => {
        window.scrollTo(0, 0);
        const log = el.closest('[role="log"]');
        if (log) log.scrollTop += el.getBoundingClientRect().top - log.getBoundingClientRect().top - 8;
      });
    await page.setViewportSize({ width: 1280, height: 1100 });
    await showTop();
    await screenshot(page, testInfo, 'chat-coverage-answered-1280.png');
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await horizontalOverflow(page), '/chat at 375px').toBeLessThanOrEqual(0);
    await showTop();
    await screenshot(page, testInfo, 'chat-coverage-answered-375.png');
  });

  test('declined and partly covered replies read well at 375 and 1280 px', async ({ page, user }, testInfo) => {
    // The replies are fixed here so that the screenshots show both displays whatever the library answers.
    const replies = [DECLINED, PARTIAL];
    await page.route('**/api/chat/stream', (route) =>
      route.fulfill({ status: 200, contentType: 'text/event-stream; charset=utf-8', body: sseBody(replies.shift() ?? PARTIAL) }),
    );
    await openChat(page, user);
    const declined = await ask(page, UNCOVERED_QUESTION, 1);
    const partial = await ask(page, SPEED_QUESTION, 2);

    await expect(declined.getByRole('note', { name: NOT_COVERED })).toBeVisible();
    await expect(citedClauses(declined)).toHaveCount(0);
    const caution = partial.getByRole('note', { name: /^Partly covered: the clauses found do not address hazardous materials trains/ });
    await expect(caution).toBeVisible();
    await expect(caution).toContainText('Low confidence: check the cited clauses');
    const chip = citedClauses(partial).getByRole('button', { name: /^49 CFR 213\.9\(a\)/ });
    await expect(chip).toHaveText('49 CFR 213.9(a)');
    expect(await firstLine(partial)).toContain('40 mph');

    // Tall enough for both replies at once.
    await page.setViewportSize({ width: 1280, height: 1100 });
    await screenshot(page, testInfo, 'chat-coverage-1280.png');
    expect(await conversationViolations(page), 'light theme').toEqual([]);
    await page.getByRole('button', { name: 'Switch to dark theme' }).first().click();
    await screenshot(page, testInfo, 'chat-coverage-1280-dark.png');
    expect(await conversationViolations(page), 'dark theme').toEqual([]);
    await page.getByRole('button', { name: 'Switch to light theme' }).first().click();
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await horizontalOverflow(page), '/chat at 375px').toBeLessThanOrEqual(0);
    await declined.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'chat-coverage-declined-375.png');
    await chip.scrollIntoViewIfNeeded();
    await expect(chip).toBeInViewport();
    await screenshot(page, testInfo, 'chat-coverage-partial-375.png');

    await test.step('the clause dialog names the paragraph and opens the clause', async () => {
      await chip.click();
      const dialog = page.getByRole('dialog', { name: '49 CFR 213.9(a)' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('relies on paragraph 49 CFR 213.9(a)');
      await expect(dialog).toContainText('Class 3 track');
    });
  });
});
