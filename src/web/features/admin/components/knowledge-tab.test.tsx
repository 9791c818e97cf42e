import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Material, MaterialInput } from '../../../../shared/schemas/knowledge';
import { api, mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { resetAuthMock } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { uploadFile } from '../api/upload-file';
import { gaugeTag, materialFixture, railTag, signallingCategory, trackCategory } from '../test/content-fixtures';
import { KnowledgeTab } from './knowledge-tab';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));
vi.mock('../api/upload-file', () => ({ uploadFile: vi.fn() }));
const upload = vi.mocked(uploadFile);

const whitepaper = materialFixture();
const article = materialFixture({
  id: '55555555-5555-4555-8555-555555555552',
  kind: 'article',
  title: 'Reading a Track Geometry Chart',
  author: null,
  featured: true,
  file_url: null,
  tags: [],
  // Given by hand, not worked out from the content.
  read_time: '12 min read',
});

function renderTab() {
  return renderRoutes([{ path: '/admin', element: <KnowledgeTab /> }], '/admin');
}

async function openAddSheet(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('table', { name: 'Knowledge materials' });
  await user.click(screen.getByRole('button', { name: 'Add Material' }));
  const sheet = await screen.findByRole('dialog', { name: 'Add Material' });
  // The form shows once the categories (and tags) it offers have loaded.
  await within(sheet).findByLabelText('Title');
  return sheet;
}

/** Whole add/edit flows type a lot; a busy machine needs more than the default 5 s. */
const FLOW_TIMEOUT = 20_000;

describe('KnowledgeTab', () => {
  let materials: Material[];

  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
    materials = [whitepaper, article];
    mockApiGet({ '/knowledge/materials': () => materials, '/categories': [signallingCategory, trackCategory], '/knowledge/tags': [gaugeTag, railTag] });
    upload.mockReset();
  }, FLOW_TIMEOUT);

  it(
    'lists title, category, author and status',
    async () => {
      renderTab();
      const table = await screen.findByRole('table', { name: 'Knowledge materials' });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['Title', 'Category', 'Author', 'Status', 'Actions']);
      expect(within(table).getByRole('row', { name: /Rail Grinding Strategies.*Whitepaper.*Track Engineering.*Ada Lovelace.*Standard/ })).toBeInTheDocument();
      expect(within(table).getByRole('row', { name: /Reading a Track Geometry Chart.*Article.*—.*Featured/ })).toBeInTheDocument();
    },
    FLOW_TIMEOUT,
  );

  it(
    'names the required fields when the sheet is saved empty',
    async () => {
      const user = userEvent.setup();
      renderTab();
      const sheet = await openAddSheet(user);
      await user.click(within(sheet).getByRole('button', { name: 'Add Material' }));
      expect(await within(sheet).findByText('Title is required')).toBeInTheDocument();
      expect(within(sheet).getByText('Abstract is required')).toBeInTheDocument();
      expect(within(sheet).getByText('Category is required')).toBeInTheDocument();
      expect(api.post).not.toHaveBeenCalled();
    },
    FLOW_TIMEOUT,
  );

  it(
    "adds a whitepaper with tags and a PDF (progress 50 → 80 around the document), then 'Material Added'",
    async () => {
      const user = userEvent.setup();
      const toastSuccess = vi.spyOn(toast, 'success');
      let finishUpload: (answer: { url: string; path: string }) => void = () => undefined;
      upload.mockImplementation(() => new Promise((resolve) => (finishUpload = resolve)));
      api.post.mockImplementation(async (_path: string, body: MaterialInput) => materialFixture({ id: 'new', title: body.title }));
      renderTab();
      const sheet = await openAddSheet(user);

      await user.selectOptions(within(sheet).getByLabelText('Kind'), 'Whitepaper');
      await user.selectOptions(within(sheet).getByLabelText('Category'), 'Signalling');
      await user.type(within(sheet).getByLabelText('Title'), 'ETCS Level 2 Migration');
      await user.type(within(sheet).getByLabelText('Abstract'), 'Moving a line from lineside signals to cab signalling.');
      await user.type(within(sheet).getByLabelText('Content (optional)'), '## Scope');
      await user.type(within(sheet).getByLabelText('Author (optional)'), 'Grace Hopper');
      const tags = within(sheet).getByRole('group', { name: 'Tags (optional)' });
      await user.click(within(tags).getByLabelText('Rail wear'));
      await user.click(within(tags).getByLabelText('Gauge'));
      expect(within(tags).getByLabelText('Gauge')).toBeChecked();
      const pdf = new File(['%PDF-1.4'], 'etcs.pdf', { type: 'application/pdf' });
      await user.upload(within(sheet).getByLabelText('Document (optional)'), pdf);
      await user.click(within(sheet).getByRole('button', { name: 'Add Material' }));

      await waitFor(() => expect(upload).toHaveBeenCalledWith('documents', pdf, expect.anything()));
      expect(screen.getByRole('progressbar', { name: 'Save progress' })).toHaveAttribute('aria-valuenow', '50');
      expect(within(sheet).getByText('Uploading document...')).toBeInTheDocument();
      act(() => finishUpload({ url: '/storage/podcasts/documents/3_c.pdf', path: 'documents/3_c.pdf' }));

      await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Material Added', { description: 'ETCS Level 2 Migration' }));
      const [path, body] = api.post.mock.calls[0] as [string, MaterialInput];
      expect(path).toBe('/knowledge/materials');
      expect(body).toEqual({
        kind: 'whitepaper',
        title: 'ETCS Level 2 Migration',
        abstract: 'Moving a line from lineside signals to cab signalling.',
        content: '## Scope',
        category_id: signallingCategory.id,
        author: 'Grace Hopper',
        read_time: null,
        featured: false,
        tags: [railTag.id, gaugeTag.id],
        image_url: null,
        file_url: '/storage/podcasts/documents/3_c.pdf',
      });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Material' })).not.toBeInTheDocument());
    },
    FLOW_TIMEOUT,
  );

  it(
    "refuses an audio file as the document with 'Invalid File'",
    async () => {
      const user = userEvent.setup({ applyAccept: false });
      const toastError = vi.spyOn(toast, 'error');
      renderTab();
      const sheet = await openAddSheet(user);
      const input = within(sheet).getByLabelText('Document (optional)') as HTMLInputElement;
      await user.upload(input, new File(['ID3'], 'talk.mp3', { type: 'audio/mpeg' }));
      expect(toastError).toHaveBeenCalledWith('Invalid File', {
        description: 'Invalid file type. Please upload a document file (PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, TXT).',
      });
      expect(input.value).toBe('');
    },
    FLOW_TIMEOUT,
  );

  it(
    "edits a material: its tags ticked, a worked-out reading time left blank, 'Material Updated'",
    async () => {
      const user = userEvent.setup();
      const toastSuccess = vi.spyOn(toast, 'success');
      api.put.mockImplementation(async (_path: string, body: MaterialInput) => ({ ...whitepaper, title: body.title }));
      renderTab();
      const table = await screen.findByRole('table', { name: 'Knowledge materials' });
      await user.click(within(table).getByRole('button', { name: `Edit ${whitepaper.title}` }));
      const sheet = await screen.findByRole('dialog', { name: 'Edit Material' });
      await within(sheet).findByLabelText('Title');
      expect(within(sheet).getByLabelText('Kind')).toHaveValue('whitepaper');
      expect(within(sheet).getByLabelText('Reading time (optional)')).toHaveValue('');
      const tags = within(sheet).getByRole('group', { name: 'Tags (optional)' });
      expect(within(tags).getByLabelText('Rail wear')).toBeChecked();
      expect(within(tags).getByLabelText('Gauge')).not.toBeChecked();

      await user.click(within(tags).getByLabelText('Rail wear'));
      await user.click(within(sheet).getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Material Updated', { description: whitepaper.title }));
      const [path, body] = api.put.mock.calls[0] as [string, MaterialInput];
      expect(path).toBe(`/knowledge/materials/${whitepaper.id}`);
      expect(body).toMatchObject({ tags: [], read_time: null, file_url: whitepaper.file_url, author: 'Ada Lovelace' });
    },
    FLOW_TIMEOUT,
  );

  it(
    'keeps a reading time given by hand',
    async () => {
      const user = userEvent.setup();
      renderTab();
      const table = await screen.findByRole('table', { name: 'Knowledge materials' });
      await user.click(within(table).getByRole('button', { name: `Edit ${article.title}` }));
      const sheet = await screen.findByRole('dialog', { name: 'Edit Material' });
      await within(sheet).findByLabelText('Title');
      expect(within(sheet).getByLabelText('Reading time (optional)')).toHaveValue('12 min read');
    },
    FLOW_TIMEOUT,
  );

  it(
    "deletes a material only after the confirmation, then 'Material Deleted'",
    async () => {
      const user = userEvent.setup();
      const toastSuccess = vi.spyOn(toast, 'success');
      api.delete.mockImplementation(async () => {
        materials = [article];
      });
      renderTab();
      const table = await screen.findByRole('table', { name: 'Knowledge materials' });
      await user.click(within(table).getByRole('button', { name: `Delete ${whitepaper.title}` }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete this material?' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(api.delete).not.toHaveBeenCalled();
      await user.click(within(table).getByRole('button', { name: `Delete ${whitepaper.title}` }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Material Deleted', { description: whitepaper.title }));
      expect(api.delete).toHaveBeenCalledWith(`/knowledge/materials/${whitepaper.id}`, expect.anything());
      await waitFor(() => expect(within(table).queryByRole('row', { name: /Rail Grinding/ })).not.toBeInTheDocument());
    },
    FLOW_TIMEOUT,
  );
});
