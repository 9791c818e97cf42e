import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../../shared/errors';
import type { StandardDocument, StandardSummary } from '../../../../shared/schemas/standards';
import { api, mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { libraryFixture } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { StandardsTab } from './standards-tab';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

const standards: StandardSummary[] = [
  { code: '49 CFR', name: '49 CFR (US Federal Railroad Administration)', jurisdiction: 'United States', enabled: true, clauseCount: 1234 },
  { code: 'Metro Trains Melbourne', name: 'Metro Trains Melbourne', jurisdiction: 'Victoria, Australia', enabled: false, clauseCount: 0 },
];

const part213: StandardDocument = {
  id: '2b1c7f0e-1111-4a5b-8c9d-000000000213',
  standard: '49 CFR',
  title: 'Part 213 — Track Safety Standards',
  edition: 'eCFR, up to date as of 2026-06-17',
  source: 'part-213.jsonl',
  disciplines: ['Track and Civil'],
  clauseCount: 812,
  importedAt: '2026-06-18T09:30:00.000Z',
  current: true,
};

function renderTab() {
  return renderRoutes([{ path: '/admin', element: <StandardsTab /> }], '/admin');
}

describe('StandardsTab', () => {
  let documents: StandardDocument[];

  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
    setMockSession(fakeSession(), 'INITIAL_SESSION');
    documents = [part213];
    mockApiGet({ '/standards': () => standards, '/admin/standards/documents': () => documents });
  });

  it('lists the standards with clause counts and the imported documents', async () => {
    renderTab();
    const standardsTable = await screen.findByRole('table', { name: 'Standards' });
    expect(within(standardsTable).getByRole('row', { name: /49 CFR.*1,234.*Loaded/ })).toBeInTheDocument();
    expect(within(standardsTable).getByRole('row', { name: /Metro Trains Melbourne.*No clauses/ })).toBeInTheDocument();
    const documentsTable = await screen.findByRole('table', { name: 'Imported documents' });
    expect(within(documentsTable).getByRole('row', { name: /Part 213 — Track Safety Standards.*812/ })).toBeInTheDocument();
  });

  it("lists every jurisdiction's documents, narrowed to a jurisdiction or a standard, and uploads into any standard", async () => {
    const user = userEvent.setup();
    const gradeCrossings: StandardDocument = {
      ...part213,
      id: '2b1c7f0e-1111-4a5b-8c9d-000000000275',
      standard: 'CA Grade Crossings Regulations',
      title: 'SOR/2014-275',
      edition: 'Justice Laws consolidated XML, current to 2025-07-24',
      disciplines: ['Signaling'],
      clauseCount: 144,
    };
    const act: StandardDocument = {
      ...gradeCrossings,
      id: '2b1c7f0e-1111-4a5b-8c9d-0000000004a2',
      standard: 'CA Railway Safety Act',
      title: 'R.S.C., 1985, c. R-4.2',
      clauseCount: 244,
    };
    const tsi: StandardDocument = {
      ...gradeCrossings,
      id: '2b1c7f0e-1111-4a5b-8c9d-000000002012',
      standard: 'EU TSI CCS (Decision 2012/88/EU)',
      title: '2012/88/EU Annex',
      clauseCount: 132,
    };
    documents = [part213, gradeCrossings, act, tsi];
    mockApiGet({ '/standards': () => libraryFixture, '/admin/standards/documents': () => documents });
    api.postForm.mockResolvedValue({
      file: 'notice.txt',
      standard: 'CA Railway Safety Act',
      results: [{ title: 'notice', edition: 'Rev 1', clauses: 2, status: 'imported', otherEditions: [] }],
    });
    renderTab();
    const table = await screen.findByRole('table', { name: 'Imported documents' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    // The standards in jurisdiction order: the United States, Canada, the EU, then the others.
    const standardsTable = screen.getByRole('table', { name: 'Standards' });
    const codes = within(standardsTable)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('td span')?.textContent);
    expect(codes).toEqual([
      '49 CFR',
      '49 U.S.C.',
      'CA Grade Crossings Regulations',
      'CA Railway Safety Act',
      'EU TSI CCS (Decision 2012/88/EU)',
      'Metro Trains Melbourne',
      'Comparative Table',
    ]);

    const filter = screen.getByLabelText('Show documents of');
    expect([...filter.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['United States', 'Canada', 'European Union']);
    await user.selectOptions(filter, 'All of Canada');
    expect(
      within(screen.getByRole('table', { name: 'Imported documents' }))
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([expect.stringContaining('Title'), expect.stringContaining('SOR/2014-275'), expect.stringContaining('R.S.C., 1985, c. R-4.2')]);
    await user.selectOptions(filter, 'EU TSI Control-Command and Signalling (Decision 2012/88/EU, historical)');
    expect(within(screen.getByRole('table', { name: 'Imported documents' })).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('row', { name: /2012\/88\/EU Annex/ })).toBeInTheDocument();

    // The upload form offers every standard, grouped by jurisdiction, and uploads into a Canadian one.
    const standard = screen.getByRole('combobox', { name: 'Standard' });
    expect([...standard.querySelectorAll('optgroup')].map((g) => g.label)).toEqual([
      'United States',
      'Canada',
      'European Union',
      'Australia',
      'Europe',
      'New South Wales, Australia',
      'Victoria, Australia',
      'Other',
    ]);
    await user.selectOptions(standard, 'CA Railway Safety Act');
    await user.upload(screen.getByLabelText('File'), new File(['1 Notice\n(a) Text.'], 'notice.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Upload and import' }));
    await waitFor(() => expect(api.postForm).toHaveBeenCalled());
    expect((api.postForm.mock.calls[0] as [string, FormData])[1].get('standard')).toBe('CA Railway Safety Act');
  }, 20_000);

  it('uploads the chosen file as multipart with the fields and toasts the clause count', async () => {
    const user = userEvent.setup();
    const toastSuccess = vi.spyOn(toast, 'success');
    api.postForm.mockResolvedValue({
      file: 'rail-wear.txt',
      standard: '49 CFR',
      results: [{ title: 'Rail wear', edition: 'Rev 1', clauses: 3, status: 'imported', otherEditions: [] }],
    });
    renderTab();
    await screen.findByRole('table', { name: 'Standards' });
    await user.selectOptions(screen.getByLabelText('Discipline'), 'Structures');
    const alsoServes = screen.getByRole('group', { name: 'Also serves (optional)' });
    await user.click(within(alsoServes).getByRole('checkbox', { name: 'Track and Civil' }));
    await user.type(screen.getByLabelText('Edition (optional)'), 'Rev 1');
    await user.upload(screen.getByLabelText('File'), new File(['4.2.1 Rail wear limits\n(a) Head wear.'], 'rail-wear.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Upload and import' }));

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Imported 3 clauses into 49 CFR', expect.anything()));
    const [path, form] = api.postForm.mock.calls[0] as [string, FormData];
    expect(path).toBe('/admin/standards/documents');
    expect(form.get('standard')).toBe('49 CFR');
    expect(form.getAll('discipline')).toEqual(['Structures', 'Track and Civil']);
    expect(form.get('edition')).toBe('Rev 1');
    expect(form.has('title')).toBe(false);
    expect((form.get('file') as File).name).toBe('rail-wear.txt');
    // The form is ready for the next upload.
    expect(screen.getByLabelText('Edition (optional)')).toHaveValue('');
  });

  it("shows the server's message when the import fails", async () => {
    const user = userEvent.setup();
    const toastError = vi.spyOn(toast, 'error');
    const message = 'This file could not be imported: notes.txt: no numbered clauses found';
    api.postForm.mockRejectedValue(new AppError('validation_failed', message, 400));
    renderTab();
    await screen.findByRole('table', { name: 'Standards' });
    await user.upload(screen.getByLabelText('File'), new File(['just prose'], 'notes.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Upload and import' }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((el) => el.textContent === message)).toBe(true));
    expect(toastError).toHaveBeenCalledWith('Upload Failed', { description: message });
  });

  it('refuses a file of another type before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderTab();
    await screen.findByRole('table', { name: 'Standards' });
    await user.upload(screen.getByLabelText('File'), new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByText(/Invalid file type/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload and import' }));
    expect(api.postForm).not.toHaveBeenCalled();
  });

  it('deletes a document after the confirmation and refreshes the list', async () => {
    const user = userEvent.setup();
    api.delete.mockImplementation(async () => {
      documents = [];
    });
    renderTab();
    const table = await screen.findByRole('table', { name: 'Imported documents' });
    await user.click(within(table).getByRole('button', { name: /Delete Part 213/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this edition?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith(`/admin/standards/documents/${part213.id}`));
    expect(await screen.findByText('No documents imported yet.')).toBeInTheDocument();
  });
});
