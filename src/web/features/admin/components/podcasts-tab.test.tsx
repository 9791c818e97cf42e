import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadFolder } from '../../../../shared/constants';
import { AppError } from '../../../../shared/errors';
import { messages } from '../../../../shared/messages';
import type { Podcast, PodcastInput } from '../../../../shared/schemas/podcasts';
import type { UploadResponse } from '../../../../shared/schemas/uploads';
import { api, mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { resetAuthMock } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { uploadFile } from '../api/upload-file';
import { podcastFixture, signallingCategory, trackCategory } from '../test/content-fixtures';
import { PodcastsTab } from './podcasts-tab';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));
vi.mock('../api/upload-file', () => ({ uploadFile: vi.fn() }));
const upload = vi.mocked(uploadFile);

/** An upload the test finishes by hand, reporting progress on the way. */
interface PendingUpload {
  folder: UploadFolder;
  file: File;
  progress: (fraction: number) => void;
  finish: (answer: UploadResponse) => void;
  fail: (error: unknown) => void;
}

const featured = podcastFixture();
const standard = podcastFixture({
  id: '44444444-4444-4444-8444-444444444442',
  title: 'Interlocking Basics',
  featured: false,
  duration: null,
  category_id: signallingCategory.id,
  podcast_categories: { id: signallingCategory.id, name: signallingCategory.name },
});

function renderTab() {
  return renderRoutes([{ path: '/admin', element: <PodcastsTab /> }], '/admin');
}

function progressValue(): number {
  return Number(screen.getByRole('progressbar', { name: 'Save progress' }).getAttribute('aria-valuenow'));
}

async function openAddSheet(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('table', { name: 'Podcasts' });
  await user.click(screen.getByRole('button', { name: 'Add Podcast' }));
  const sheet = await screen.findByRole('dialog', { name: 'Add Podcast' });
  // The form shows once the categories (and tags) it offers have loaded; the sheet then puts
  // focus on its first field. Acting before that lets the late autofocus land mid-action.
  const title = await within(sheet).findByLabelText('Title');
  await waitFor(() => expect(title).toHaveFocus());
  return sheet;
}

/** Whole add/edit flows type a lot; a busy machine needs more than the default 5 s. */
const FLOW_TIMEOUT = 20_000;

describe('PodcastsTab', () => {
  let podcasts: Podcast[];
  let uploads: PendingUpload[];

  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
    podcasts = [featured, standard];
    uploads = [];
    mockApiGet({ '/podcasts': () => podcasts, '/categories': [signallingCategory, trackCategory] });
    upload.mockReset();
    upload.mockImplementation(
      (folder, file, options) =>
        new Promise((resolve, reject) => {
          uploads.push({ folder, file, progress: (f) => options?.onProgress?.(f), finish: resolve, fail: reject });
        }),
    );
  }, FLOW_TIMEOUT);

  it(
    'lists title, category, duration and Featured or Standard',
    async () => {
      renderTab();
      const table = await screen.findByRole('table', { name: 'Podcasts' });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['Title', 'Category', 'Duration', 'Status', 'Actions']);
      expect(within(table).getByRole('row', { name: /Sun Kinks.*Track Engineering.*32:45.*Featured/ })).toBeInTheDocument();
      expect(within(table).getByRole('row', { name: /Interlocking Basics.*Signalling.*—.*Standard/ })).toBeInTheDocument();
    },
    FLOW_TIMEOUT,
  );

  it(
    'names the required fields when the sheet is saved empty',
    async () => {
      const user = userEvent.setup();
      renderTab();
      const sheet = await openAddSheet(user);
      await user.click(within(sheet).getByRole('button', { name: 'Add Podcast' }));
      expect(await within(sheet).findByText('Title is required')).toBeInTheDocument();
      expect(within(sheet).getByText('Description is required')).toBeInTheDocument();
      expect(within(sheet).getByText('Category is required')).toBeInTheDocument();
      // react-hook-form moves focus to the first invalid field once more after a tick, which can
      // land after the error messages render on a loaded machine.
      await waitFor(() => expect(within(sheet).getByLabelText('Title')).toHaveFocus());
      expect(upload).not.toHaveBeenCalled();
      expect(api.post).not.toHaveBeenCalled();
    },
    FLOW_TIMEOUT,
  );

  it(
    "uploads the cover and the audio with the 10/40/50/80/100 progress, saves, and toasts 'Podcast Added'",
    async () => {
      const user = userEvent.setup();
      const toastSuccess = vi.spyOn(toast, 'success');
      let finishSave: (podcast: Podcast) => void = () => undefined;
      api.post.mockImplementation(() => new Promise((resolve) => (finishSave = resolve)));
      renderTab();
      const sheet = await openAddSheet(user);

      await user.type(within(sheet).getByLabelText('Title'), 'Ballast Cleaning');
      await user.type(within(sheet).getByLabelText('Description'), 'Shoulder and undercutter work.');
      await user.selectOptions(within(sheet).getByLabelText('Category'), 'Track Engineering');
      await user.type(within(sheet).getByLabelText('Publish date (optional)'), '2026-04-02');
      await user.click(within(sheet).getByLabelText('Featured'));
      const cover = new File(['png'], 'cover.png', { type: 'image/png' });
      const audio = new File(['RIFF'], 'episode.wav', { type: 'audio/wav' });
      await user.upload(within(sheet).getByLabelText('Cover image (optional)'), cover);
      expect(toastSuccess).toHaveBeenLastCalledWith('File Selected', expect.anything());
      await user.upload(within(sheet).getByLabelText('Audio file (optional)'), audio);
      await user.click(within(sheet).getByRole('button', { name: 'Add Podcast' }));

      // 10 %: the cover is on its way, and the sheet cannot be closed meanwhile.
      await waitFor(() => expect(uploads).toHaveLength(1));
      expect(uploads[0]).toMatchObject({ folder: 'images', file: cover });
      expect(progressValue()).toBe(10);
      expect(within(sheet).getByText('Uploading cover image...')).toBeInTheDocument();
      expect(within(sheet).getByRole('button', { name: 'Saving...' })).toBeDisabled();
      await user.keyboard('{Escape}');
      expect(screen.getByRole('dialog', { name: 'Add Podcast' })).toBeInTheDocument();
      act(() => uploads[0]!.progress(0.5));
      expect(progressValue()).toBe(25);

      // 40 → 50 %: the cover is up, the audio starts.
      act(() => uploads[0]!.finish({ url: '/storage/podcasts/images/1_a.png', path: 'images/1_a.png' }));
      await waitFor(() => expect(uploads).toHaveLength(2));
      expect(uploads[1]).toMatchObject({ folder: 'audio', file: audio });
      expect(progressValue()).toBe(50);
      expect(within(sheet).getByText('Uploading audio...')).toBeInTheDocument();
      act(() => uploads[1]!.progress(1));
      expect(progressValue()).toBe(80);

      // 80 %: both are up; the podcast is saved with their addresses.
      act(() => uploads[1]!.finish({ url: '/storage/podcasts/audio/2_b.wav', path: 'audio/2_b.wav' }));
      await waitFor(() => expect(api.post).toHaveBeenCalled());
      expect(progressValue()).toBe(80);
      const [path, body] = api.post.mock.calls[0] as [string, PodcastInput];
      expect(path).toBe('/podcasts');
      expect(body).toEqual({
        title: 'Ballast Cleaning',
        description: 'Shoulder and undercutter work.',
        category_id: trackCategory.id,
        featured: true,
        duration: null,
        image_url: '/storage/podcasts/images/1_a.png',
        audio_url: '/storage/podcasts/audio/2_b.wav',
        publish_date: '2026-04-02',
      });

      // 100 %: saved; the full bar stays a moment, then the sheet closes.
      await act(async () => finishSave(podcastFixture({ id: 'new', title: 'Ballast Cleaning' })));
      await waitFor(() => expect(progressValue()).toBe(100));
      expect(within(sheet).getByText('Saved')).toBeInTheDocument();
      await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Podcast Added', { description: 'Ballast Cleaning' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Podcast' })).not.toBeInTheDocument());
    },
    FLOW_TIMEOUT,
  );

  it(
    "stops the save when an upload fails: 'Upload Failed' and 'Failed to upload audio file', nothing saved",
    async () => {
      const user = userEvent.setup();
      const toastError = vi.spyOn(toast, 'error');
      renderTab();
      const sheet = await openAddSheet(user);
      await user.type(within(sheet).getByLabelText('Title'), 'Ballast Cleaning');
      await user.type(within(sheet).getByLabelText('Description'), 'Shoulder work.');
      await user.selectOptions(within(sheet).getByLabelText('Category'), 'Signalling');
      await user.upload(within(sheet).getByLabelText('Audio file (optional)'), new File(['RIFF'], 'episode.wav', { type: 'audio/wav' }));
      await user.click(within(sheet).getByRole('button', { name: 'Add Podcast' }));
      await waitFor(() => expect(uploads).toHaveLength(1));
      expect(uploads[0]!.folder).toBe('audio');
      expect(progressValue()).toBe(50);

      act(() => uploads[0]!.fail(new AppError('validation_failed', messages.uploads.audioInvalidType, 400)));
      await waitFor(() => expect(toastError).toHaveBeenCalledWith('Upload Failed', { description: messages.uploads.audioInvalidType }));
      expect(within(sheet).getByRole('alert')).toHaveTextContent('Failed to upload audio file');
      expect(within(sheet).queryByRole('progressbar')).not.toBeInTheDocument();
      expect(within(sheet).getByRole('button', { name: 'Add Podcast' })).toBeEnabled();
      expect(api.post).not.toHaveBeenCalled();
    },
    FLOW_TIMEOUT,
  );

  it(
    "refuses a wrong audio file with 'Invalid File' before anything is uploaded",
    async () => {
      const user = userEvent.setup({ applyAccept: false });
      const toastError = vi.spyOn(toast, 'error');
      renderTab();
      const sheet = await openAddSheet(user);
      const input = within(sheet).getByLabelText('Audio file (optional)') as HTMLInputElement;
      await user.upload(input, new File(['%PDF'], 'paper.pdf', { type: 'application/pdf' }));
      expect(toastError).toHaveBeenCalledWith('Invalid File', { description: messages.uploads.audioInvalidType });
      expect(input.value).toBe('');
    },
    FLOW_TIMEOUT,
  );

  it(
    "edits a podcast: fields filled in, files kept, 'Podcast Updated'",
    async () => {
      const user = userEvent.setup();
      const toastSuccess = vi.spyOn(toast, 'success');
      api.put.mockImplementation(async (_path: string, body: PodcastInput) => ({ ...featured, title: body.title }));
      renderTab();
      const table = await screen.findByRole('table', { name: 'Podcasts' });
      await user.click(within(table).getByRole('button', { name: `Edit ${featured.title}` }));
      const sheet = await screen.findByRole('dialog', { name: 'Edit Podcast' });
      await within(sheet).findByLabelText('Title');
      expect(within(sheet).getByLabelText('Title')).toHaveValue(featured.title);
      expect(within(sheet).getByLabelText('Category')).toHaveValue(trackCategory.id);
      expect(within(sheet).getByLabelText('Publish date (optional)')).toHaveValue('2026-03-01');
      expect(within(sheet).getByLabelText('Featured')).toBeChecked();
      expect(within(sheet).getByRole('link', { name: '1735689600000_cd34.mp3' })).toBeInTheDocument();

      await user.clear(within(sheet).getByLabelText('Title'));
      await user.type(within(sheet).getByLabelText('Title'), 'Sun Kinks, Revisited');
      await user.click(within(sheet).getByRole('button', { name: 'Save Changes' }));

      await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Podcast Updated', { description: 'Sun Kinks, Revisited' }));
      expect(upload).not.toHaveBeenCalled();
      const [path, body] = api.put.mock.calls[0] as [string, PodcastInput];
      expect(path).toBe(`/podcasts/${featured.id}`);
      expect(body).toMatchObject({
        title: 'Sun Kinks, Revisited',
        image_url: featured.image_url,
        audio_url: featured.audio_url,
        duration: '32:45',
        publish_date: null,
      });
    },
    FLOW_TIMEOUT,
  );

  it(
    'shows the fallback message when the save fails without one',
    async () => {
      const user = userEvent.setup();
      const toastError = vi.spyOn(toast, 'error');
      api.put.mockRejectedValue(new AppError('http_502', 'Bad Gateway', 502));
      renderTab();
      const table = await screen.findByRole('table', { name: 'Podcasts' });
      await user.click(within(table).getByRole('button', { name: `Edit ${standard.title}` }));
      const sheet = await screen.findByRole('dialog', { name: 'Edit Podcast' });
      await within(sheet).findByLabelText('Title');
      await user.click(within(sheet).getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(toastError).toHaveBeenCalledWith('Error', { description: 'Failed to update podcast' }));
      expect(within(sheet).getByRole('alert')).toHaveTextContent('Failed to update podcast');
    },
    FLOW_TIMEOUT,
  );

  it(
    "deletes a podcast only after the confirmation, then 'Podcast Deleted'",
    async () => {
      const user = userEvent.setup();
      const toastSuccess = vi.spyOn(toast, 'success');
      api.delete.mockImplementation(async () => {
        podcasts = [standard];
      });
      renderTab();
      const table = await screen.findByRole('table', { name: 'Podcasts' });
      await user.click(within(table).getByRole('button', { name: `Delete ${featured.title}` }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete this podcast?' });
      expect(dialog).toHaveTextContent(featured.title);
      expect(api.delete).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(api.delete).toHaveBeenCalledWith(`/podcasts/${featured.id}`, expect.anything()));
      await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Podcast Deleted', { description: featured.title }));
      await waitFor(() => expect(within(table).queryByRole('row', { name: /Sun Kinks/ })).not.toBeInTheDocument());
    },
    FLOW_TIMEOUT,
  );
});
