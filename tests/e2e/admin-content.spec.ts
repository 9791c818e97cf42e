import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import { createUser, expect, horizontalOverflow, screenshot, signIn, test } from './support/fixtures';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** PCM WAV, 8 kHz 8-bit mono: a quiet 440 Hz tone `seconds` long (a 44-byte header, then the samples). */
function wav(seconds: number): Buffer {
  const rate = 8000;
  const samples = Buffer.alloc(rate * seconds);
  for (let i = 0; i < samples.length; i++) samples[i] = 128 + Math.round(8 * Math.sin((2 * Math.PI * 440 * i) / rate));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28); // bytes per second
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

/** A minimal one-page PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

async function writeMedia(testInfo: TestInfo) {
  const files = { cover: testInfo.outputPath('cover.png'), audio: testInfo.outputPath('episode.wav'), pdf: testInfo.outputPath('whitepaper.pdf') };
  await writeFile(files.cover, PNG);
  await writeFile(files.audio, wav(4));
  await writeFile(files.pdf, PDF);
  return files;
}

const unique = () => randomUUID().slice(0, 6);

async function openAdmin(page: Page, tab?: 'Podcasts' | 'Categories' | 'Knowledge Hub' | 'Tags') {
  const admin = await createUser(undefined, { admin: true });
  await signIn(page, admin);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
  // SPEC §2's four content tabs in its order, then the standards library (and any later tabs).
  await expect(tabs.first()).toHaveText('Podcasts');
  expect((await tabs.allTextContents()).slice(0, 5)).toEqual(['Podcasts', 'Categories', 'Knowledge Hub', 'Tags', 'Standards']);
  await expect(page.getByRole('tab', { name: 'Podcasts' })).toHaveAttribute('aria-selected', 'true');
  if (tab) await showTab(page, tab);
}

async function showTab(page: Page, tab: string) {
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
}

/** Waits for the toast titled `title`, then closes every toast, so the next one is alone on screen. */
async function expectToast(page: Page, title: string) {
  await expect(page.getByText(title, { exact: true })).toBeVisible();
  for (const close of await page.getByRole('button', { name: 'Close toast' }).all()) await close.click().catch(() => undefined);
  await expect(page.getByRole('button', { name: 'Close toast' })).toHaveCount(0);
}

/** Adds a category through the Categories tab. */
async function addCategory(page: Page, name: string, description?: string) {
  await showTab(page, 'Categories');
  const form = page.getByRole('form', { name: 'Add a category' });
  await form.getByLabel('Name').fill(name);
  if (description) await form.getByLabel('Description (optional)').fill(description);
  await form.getByRole('button', { name: 'Add Category' }).click();
  await expectToast(page, 'Category Added');
  await expect(page.getByRole('table', { name: 'Categories' }).getByRole('row', { name: new RegExp(name) })).toBeVisible();
}

async function addTag(page: Page, name: string) {
  await showTab(page, 'Tags');
  const form = page.getByRole('form', { name: 'Add a tag' });
  await form.getByLabel('Tag Name').fill(name);
  await form.getByRole('button', { name: 'Add Tag' }).click();
  await expectToast(page, 'Tag Added');
  await expect(page.getByRole('list', { name: 'Tags' }).getByText(name, { exact: true })).toBeVisible();
}

/** Screenshots of what is on screen at 1280 and at 375 px (checking nothing runs off the side), back at 1280 after. */
async function shootBothWidths(page: Page, testInfo: TestInfo, name: string, options: { fullPage?: boolean } = {}) {
  await screenshot(page, testInfo, `${name}-1280.png`, options);
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await horizontalOverflow(page), `${name} at 375px`).toBeLessThanOrEqual(0);
  await screenshot(page, testInfo, `${name}-375.png`, options);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Records every value the save progress bar shows, in order. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    const note = (el: Element) => {
      const value = Number(el.getAttribute('aria-valuenow'));
      if (seen[seen.length - 1] !== value) seen.push(value);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        const targets = record.type === 'attributes' ? [record.target as Element] : [...record.addedNodes].filter((n): n is Element => n instanceof Element);
        for (const target of targets) {
          if (target.matches('[role=progressbar]')) note(target);
          target.querySelectorAll?.('[role=progressbar]').forEach(note);
        }
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
}

test.describe('Admin dashboard › content', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('an admin adds a category and a tag', async ({ page }, testInfo) => {
    const category = `E2E Drainage ${unique()}`;
    const tag = `e2e-culverts-${unique()}`;
    await openAdmin(page);

    await test.step('category: the name is required, then added', async () => {
      await showTab(page, 'Categories');
      await page.getByRole('button', { name: 'Add Category' }).click();
      await expect(page.getByText('Category name is required')).toBeVisible();
      await addCategory(page, category, 'Culverts, cess drains and sumps.');
      await expect(page.getByRole('row', { name: new RegExp(`${category}.*Culverts, cess drains and sumps\\.`) })).toBeVisible();
      await shootBothWidths(page, testInfo, 'admin-categories', { fullPage: true });
    });

    await test.step('the new category, still without podcasts, has its own tab in the library', async () => {
      await page.goto('/podcast-library');
      await page.getByRole('tab', { name: category }).click();
      await expect(page.getByRole('tabpanel').getByText('No podcasts available in this category.')).toBeVisible();
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    });

    await test.step('tag: the name is required, then added', async () => {
      await showTab(page, 'Tags');
      await page.getByRole('button', { name: 'Add Tag' }).click();
      await expect(page.getByText('Tag name is required')).toBeVisible();
      await addTag(page, tag);
      await shootBothWidths(page, testInfo, 'admin-tags', { fullPage: true });
    });
  });

  test('an admin adds a podcast with cover and audio, plays it in the library, edits it and deletes it', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const media = await writeMedia(testInfo);
    const category = `E2E Signalling ${unique()}`;
    const title = `E2E Axle Counters ${unique()}`;
    await openAdmin(page);
    await addCategory(page, category);
    await showTab(page, 'Podcasts');
    await expect(page.getByRole('table', { name: 'Podcasts' })).toBeVisible();
    await shootBothWidths(page, testInfo, 'admin-podcasts', { fullPage: true });

    await test.step('the sheet names the required fields and refuses a wrong file', async () => {
      await page.getByRole('button', { name: 'Add Podcast' }).click();
      const sheet = page.getByRole('dialog', { name: 'Add Podcast' });
      await sheet.getByRole('button', { name: 'Add Podcast' }).click();
      await expect(sheet.getByText('Title is required')).toBeVisible();
      await expect(sheet.getByText('Description is required')).toBeVisible();
      await expect(sheet.getByText('Category is required')).toBeVisible();
      await sheet.getByLabel('Audio file (optional)').setInputFiles(media.pdf);
      await expectToast(page, 'Invalid File');
      await expect(sheet.getByLabel('Audio file (optional)')).toHaveValue('');
      await expect(sheet.getByText('Invalid file type. Please upload an audio file (MP3, WAV, M4A, OGG).')).toBeVisible();
      await shootBothWidths(page, testInfo, 'admin-podcast-sheet-errors');
      await sheet.getByRole('button', { name: 'Cancel' }).click();
      await expect(sheet).toBeHidden();
    });

    await test.step('add, with the save progress shown', async () => {
      await page.getByRole('button', { name: 'Add Podcast' }).click();
      const sheet = page.getByRole('dialog', { name: 'Add Podcast' });
      await sheet.getByLabel('Title').fill(title);
      await sheet.getByLabel('Description').fill('How axle counters prove a section clear, and what resets them.');
      await sheet.getByLabel('Category').selectOption({ label: category });
      await sheet.getByLabel('Cover image (optional)').setInputFiles(media.cover);
      await expectToast(page, 'File Selected');
      await sheet.getByLabel('Audio file (optional)').setInputFiles(media.audio);
      await expect(sheet.getByText('episode.wav')).toBeVisible();
      await shootBothWidths(page, testInfo, 'admin-podcast-sheet');

      // Slow uploads down so that each step of the bar can be seen.
      await page.route('**/api/uploads/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      });
      const progressSeen = await recordProgress(page);
      await sheet.getByRole('button', { name: 'Add Podcast' }).click();
      const bar = sheet.getByRole('progressbar', { name: 'Save progress' });
      await expect(bar).toHaveAttribute('aria-valuenow', '10');
      await expect(sheet.getByText('Uploading cover image...')).toBeVisible();
      await screenshot(page, testInfo, 'admin-podcast-sheet-progress-1280.png');
      await expect(sheet.getByText('Uploading audio...')).toBeVisible();
      await expectToast(page, 'Podcast Added');
      await expect(sheet).toBeHidden();
      await page.unroute('**/api/uploads/**');
      const seen = await progressSeen();
      // 10 and 40 around the cover, 50 and 80 around the audio, 100 at the end, never backwards.
      for (const step of [10, 40, 50, 80, 100]) expect(seen, `progress ${seen.join(', ')}`).toContain(step);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
    });

    const row = page.getByRole('table', { name: 'Podcasts' }).getByRole('row', { name: new RegExp(title) });
    await test.step('listed with its category, the duration read from the audio, and Standard', async () => {
      await expect(row).toContainText(category);
      await expect(row).toContainText('00:04');
      await expect(row).toContainText('Standard');
    });

    await test.step('in the Podcast Library, it plays', async () => {
      await page.goto('/podcast-library');
      const card = page.getByRole('button', { name: `Play ${title}` });
      await expect(card).toBeVisible();
      await expect(card).toContainText(category);
      await expect(card.locator('img')).toHaveJSProperty('complete', true);
      expect(await card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
      await card.click();
      const player = page.getByRole('region', { name: 'Podcast player' });
      await expect(player.getByRole('heading', { name: title })).toBeVisible();
      await player.getByRole('button', { name: 'Play', exact: true }).click();
      const audio = page.getByTestId('podcast-audio');
      await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { message: 'the audio plays' }).toBeGreaterThan(0.2);
      expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
      await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
      await player.getByRole('button', { name: 'Pause' }).click();
    });

    const edited = `${title} Revised`;
    await test.step('edit: the sheet shows its values; the new title and Featured are saved', async () => {
      await page.goto('/admin');
      await row.getByRole('button', { name: `Edit ${title}` }).click();
      const sheet = page.getByRole('dialog', { name: 'Edit Podcast' });
      await expect(sheet.getByLabel('Title')).toHaveValue(title);
      await expect(sheet.getByLabel('Category')).toHaveValue(/.+/);
      await expect(sheet.getByLabel('Duration (optional)')).toHaveValue('00:04');
      await expect(sheet.getByRole('link', { name: /\.wav$/ })).toBeVisible();
      await sheet.getByLabel('Title').fill(edited);
      await sheet.getByLabel('Featured').check();
      await sheet.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Podcast Updated');
      await expect(sheet).toBeHidden();
      const editedRow = page.getByRole('row', { name: new RegExp(`${edited}.*Featured`) });
      await expect(editedRow).toBeVisible();
      await expect(editedRow).toContainText('00:04');
    });

    await test.step('delete, after the confirmation', async () => {
      const editedRow = page.getByRole('row', { name: new RegExp(edited) });
      await editedRow.getByRole('button', { name: `Delete ${edited}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete this podcast?' });
      await expect(confirm).toContainText(edited);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(editedRow).toBeVisible();
      await editedRow.getByRole('button', { name: `Delete ${edited}` }).click();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Podcast Deleted');
      await expect(editedRow).toHaveCount(0);
      await page.goto('/podcast-library');
      await expect(page.getByRole('heading', { name: 'Podcast Library' })).toBeVisible();
      await expect(page.getByRole('button', { name: `Play ${edited}` })).toHaveCount(0);
    });
  });

  test('an admin adds a whitepaper with a PDF and tags, and opens it from the Knowledge Hub', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const media = await writeMedia(testInfo);
    const category = `E2E Geotechnics ${unique()}`;
    const tags = [`e2e-ballast-${unique()}`, `e2e-formation-${unique()}`];
    const title = `E2E Ballast Fouling Survey ${unique()}`;
    await openAdmin(page);
    await addCategory(page, category);
    for (const tag of tags) await addTag(page, tag);

    await showTab(page, 'Knowledge Hub');
    await expect(page.getByRole('table', { name: 'Knowledge materials' })).toBeVisible();
    await shootBothWidths(page, testInfo, 'admin-knowledge', { fullPage: true });

    await test.step('add, with the document upload shown', async () => {
      await page.getByRole('button', { name: 'Add Material' }).click();
      const sheet = page.getByRole('dialog', { name: 'Add Material' });
      await sheet.getByRole('button', { name: 'Add Material' }).click();
      await expect(sheet.getByText('Abstract is required')).toBeVisible();
      await sheet.getByLabel('Kind').selectOption('whitepaper');
      await sheet.getByLabel('Category').selectOption({ label: category });
      await sheet.getByLabel('Title').fill(title);
      await sheet.getByLabel('Abstract').fill('Fouling indices from 40 km of ballast cores, and when to clean.');
      await sheet
        .getByLabel('Content (optional)')
        .fill('## Findings\n\nFouling rises fastest under **wet spots**.\n\n- Core every 200 m\n- Clean above index 30');
      await sheet.getByLabel('Author (optional)').fill('E2E Geotechnical Team');
      const tagGroup = sheet.getByRole('group', { name: 'Tags (optional)' });
      for (const tag of tags) await tagGroup.getByText(tag, { exact: true }).click();
      for (const tag of tags) await expect(tagGroup.getByLabel(tag)).toBeChecked();
      await sheet.getByLabel('Document (optional)').setInputFiles(media.pdf);
      await expectToast(page, 'File Selected');
      await shootBothWidths(page, testInfo, 'admin-material-sheet');

      await page.route('**/api/uploads/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      });
      await sheet.getByRole('button', { name: 'Add Material' }).click();
      await expect(sheet.getByText('Uploading document...')).toBeVisible();
      await expectToast(page, 'Material Added');
      await expect(sheet).toBeHidden();
      await page.unroute('**/api/uploads/**');
      const row = page.getByRole('table', { name: 'Knowledge materials' }).getByRole('row', { name: new RegExp(title) });
      await expect(row).toContainText('Whitepaper');
      await expect(row).toContainText(category);
      await expect(row).toContainText('E2E Geotechnical Team');
      await expect(row).toContainText('Standard');
    });

    await test.step('opened from the Knowledge Hub: content, tags and the PDF', async () => {
      await page.goto('/knowledge-hub');
      await page.getByRole('tab', { name: 'Whitepapers' }).click();
      await page.getByLabel('Search the knowledge hub').fill(title);
      const link = page.getByRole('link', { name: title });
      await expect(link).toBeVisible();
      await link.click();
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Findings' })).toBeVisible();
      for (const tag of tags) await expect(page.getByText(tag).first()).toBeVisible();
      const download = page.getByRole('link', { name: 'Download whitepaper' });
      await expect(download).toBeVisible();
      const href = await download.getAttribute('href');
      const response = await page.request.get(href ?? '');
      expect(response.status()).toBe(200);
      expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
    });

    await test.step('delete, after the confirmation', async () => {
      await page.goto('/admin?tab=knowledge');
      const row = page.getByRole('row', { name: new RegExp(title) });
      await row.getByRole('button', { name: `Delete ${title}` }).click();
      await page.getByRole('alertdialog', { name: 'Delete this material?' }).getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Material Deleted');
      await expect(row).toHaveCount(0);
    });
  });

  test('a non-admin is refused the dashboard', async ({ page, user }) => {
    await signIn(page, user);
    await page.goto('/admin?tab=podcasts');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
    await expect(page.getByText('Unauthorized')).toBeVisible();
    await expect(page.getByText('You do not have admin privileges.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('tab', { name: 'Podcasts' })).toHaveCount(0);
  });
});
