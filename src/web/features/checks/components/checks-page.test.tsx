import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../../shared/errors';
import { messages } from '../../../../shared/messages';
import type { Check } from '../../../../shared/schemas/checks';
import { api, apiDownload, resetApiMock } from '../../../test/api-client-mock';
import { fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { uploadForm } from '../../../lib/upload-form';
import { CHECK_ID, checkFixture, contentFixture, listItemOf } from '../test/fixtures';
import { ChecksPage } from './checks-page';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));
vi.mock('../../../lib/upload-form', () => ({ uploadForm: vi.fn() }));

const upload = vi.mocked(uploadForm);
const text = messages.checkPage;

const routes = [
  { path: '/checks', element: <ChecksPage /> },
  { path: '/checks/:id', element: <ChecksPage /> },
  { path: '/standards/:code/:ref', element: <p>Clause page</p> },
];

/** Serves the API from a live check: each GET reads it as it stands when asked. */
function serve(state: { check: Check; list?: Check[] }) {
  api.get.mockImplementation(async (path: string) => {
    if (path === '/checks') return { checks: (state.list ?? [state.check]).map(listItemOf) };
    if (path === `/checks/${CHECK_ID}`) return structuredClone(state.check);
    if (path === `/checks/${CHECK_ID}/content`) return contentFixture();
    throw new AppError('not_found', 'This check does not exist', 404);
  });
}

function csvFile(name = 'curve-schedule.csv', size?: number): File {
  const file = new File(['Curve ID,Superelevation Ea (in)\nC-05,7.25\n'], name, { type: 'text/csv' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('ChecksPage', () => {
  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
    upload.mockReset();
    setMockSession(fakeSession(), 'INITIAL_SESSION');
  });

  it('refuses a file over 20 MB before sending it, with the spec’s message', async () => {
    serve({ check: checkFixture(), list: [] });
    const user = userEvent.setup();
    renderRoutes(routes, '/checks');
    expect(await screen.findByText(text.history.empty)).toBeInTheDocument();
    await user.upload(screen.getByLabelText(/Choose a document to check/), csvFile('big.pdf', 21 * 1024 * 1024));
    expect(await screen.findByRole('alert')).toHaveTextContent('File is too large. Maximum size is 20MB.');
    expect(upload).not.toHaveBeenCalled();
  });

  it("shows the server's reason for a refused file as it is (a DWG)", async () => {
    serve({ check: checkFixture(), list: [] });
    upload.mockRejectedValue(new AppError('unsupported_document', messages.documentReading.dwg, 415));
    // The picker suggests the readable formats, but a dropped or forced DWG still reaches the server.
    const user = userEvent.setup({ applyAccept: false });
    renderRoutes(routes, '/checks');
    await user.upload(screen.getByLabelText(/Choose a document to check/), csvFile('track.dwg'));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.documentReading.dwg);
  });

  it('uploads with progress, then follows the check until it is done and moves the focus to it', async () => {
    const state = {
      check: checkFixture({
        status: 'running',
        progress: { stage: 'checking', percent: 40 },
        findings: [],
        summary: { nonConformances: 0, conforms: 0, needsReview: 0 },
      }),
    };
    serve(state);
    let sendProgress: ((fraction: number) => void) | undefined;
    let answer: ((value: { id: string; status: 'queued' }) => void) | undefined;
    upload.mockImplementation((_path, form, options) => {
      expect((form.get('file') as File).name).toBe('curve-schedule.csv');
      expect(form.get('standard')).toBe('49 CFR');
      sendProgress = options.onProgress;
      return new Promise((resolve) => (answer = resolve as typeof answer));
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/checks');
    await user.upload(screen.getByLabelText(/Choose a document to check/), csvFile());

    await waitFor(() => expect(sendProgress).toBeDefined());
    sendProgress?.(0.5);
    expect(await screen.findByRole('progressbar', { name: text.upload.progressLabel })).toHaveAttribute('aria-valuenow', '50');
    answer?.({ id: CHECK_ID, status: 'queued' });

    await waitFor(() => expect(router.state.location.pathname).toBe(`/checks/${CHECK_ID}`));
    const progress = await screen.findByRole('progressbar', { name: text.progress.label });
    expect(progress).toHaveAttribute('aria-valuenow', '40');
    expect(progress).toHaveAttribute('aria-valuetext', `40% · ${text.progress.stages.checking}`);
    expect(screen.getByRole('heading', { level: 2, name: 'curve-schedule.csv' })).toHaveFocus();

    state.check = checkFixture();
    // Asked for again each second while running: the findings arrive without a reload.
    expect(await screen.findByRole('table', { name: text.findings.tableLabel }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: text.progress.label })).not.toBeInTheDocument();
  });

  it('uploads a file dropped on the zone', async () => {
    serve({ check: checkFixture(), list: [] });
    upload.mockResolvedValue({ id: CHECK_ID, status: 'queued' });
    const { router } = renderRoutes(routes, '/checks');
    const zone = (await screen.findByText(text.upload.dropHint)).closest('div')!;
    fireEvent.dragOver(zone, { dataTransfer: { files: [csvFile()], dropEffect: 'none' } });
    fireEvent.drop(zone, { dataTransfer: { files: [csvFile()] } });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/checks/${CHECK_ID}`));
    expect(upload).toHaveBeenCalledWith('/api/checks', expect.any(FormData), expect.objectContaining({ onProgress: expect.any(Function) }));
  });

  it('shows why a failed check failed', async () => {
    serve({ check: checkFixture({ status: 'failed', progress: { stage: 'failed', percent: 100 }, findings: [], error: messages.documentReading.scannedPdf }) });
    renderRoutes(routes, `/checks/${CHECK_ID}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text.progress.failedTitle);
    expect(alert).toHaveTextContent(messages.documentReading.scannedPdf);
  });

  it('says so when the check is not there (or not yours)', async () => {
    serve({ check: checkFixture(), list: [] });
    renderRoutes(routes, '/checks/00000000-0000-4000-8000-00000000ffff');
    expect(await screen.findByRole('alert')).toHaveTextContent(text.progress.notFound);
  });

  it('shows the counts and the findings, filters them by verdict and by clause, and links each clause into /standards', async () => {
    serve({ check: checkFixture() });
    const user = userEvent.setup();
    renderRoutes(routes, `/checks/${CHECK_ID}`);
    const table = await screen.findByRole('table', { name: text.findings.tableLabel });
    const summary = screen.getByLabelText(text.summary.heading);
    expect(summary).toHaveTextContent(`${text.summary.nonConformances}1${text.summary.conforms}1${text.summary.needsReview}1`);

    const rows = () =>
      within(table)
        .getAllByRole('row')
        .filter((row) => !row.hidden && row.querySelector('td'));
    expect(rows()).toHaveLength(3);
    const first = rows()[0]!;
    expect(first).toHaveTextContent('Elevation of the outside rail of a curve');
    expect(first).toHaveTextContent('7.25 in');
    expect(first).toHaveTextContent('≤ 7 in');
    expect(first).toHaveTextContent('CSV line 3, column Superelevation Ea (in)');
    expect(within(first).getByRole('link', { name: '§ 213.57(a)' })).toHaveAttribute('href', '/standards/49%20CFR/213.57(a)');

    await user.click(screen.getByRole('button', { name: /Non-conformance/, pressed: false }));
    expect(rows()).toHaveLength(1);
    expect(screen.getByText(text.filters.showing(1, 3))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^All/ }));
    await user.selectOptions(screen.getByLabelText(text.filters.clauseLabel), '213.9(a)');
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('Maximum operating speed');
  });

  it("opens a finding's place in the document with the value marked", async () => {
    serve({ check: checkFixture() });
    const user = userEvent.setup();
    renderRoutes(routes, `/checks/${CHECK_ID}`);
    const toggle = await screen.findByRole('button', {
      name: 'Show Elevation of the outside rail of a curve at CSV line 3, column Superelevation Ea (in) in the document',
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const passage = await screen.findByRole('region', { name: text.source.tableCaption('CSV line 3, column Superelevation Ea (in)') });
    expect(within(passage).getByText('7.25').tagName).toBe('MARK');
    expect(within(passage).getByText('C-05').tagName).toBe('TD');
    expect(screen.getByText(/The maximum crosslevel on the outside rail/)).toBeInTheDocument();
  });

  it('overrides a verdict only with a note, then shows the reviewer, the note and the audit trail', async () => {
    const state = { check: checkFixture() };
    serve(state);
    api.patch.mockImplementation(async (path: string, body: { verdict: 'conforms'; note: string }) => {
      expect(path).toBe(`/checks/${CHECK_ID}/findings/f-1`);
      const review = { verdict: body.verdict, note: body.note, by: 'Ada Lovelace', at: '2026-07-01T11:00:00.000Z' };
      const finding = { ...state.check.findings[0]!, reviewer: review };
      state.check = {
        ...state.check,
        findings: [finding, ...state.check.findings.slice(1)],
        audit: [{ findingId: 'f-1', from: 'non_conformance', to: body.verdict, note: body.note, by: review.by, at: review.at }],
      };
      return finding;
    });
    const user = userEvent.setup();
    renderRoutes(routes, `/checks/${CHECK_ID}`);
    expect(await screen.findByText(text.audit.empty)).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: text.review.buttonOf('Elevation of the outside rail of a curve', 'CSV line 3, column Superelevation Ea (in)') }),
    );
    const dialog = await screen.findByRole('dialog', { name: text.review.title });
    await user.click(within(dialog).getByRole('radio', { name: 'Conforms' }));
    await user.click(within(dialog).getByRole('button', { name: text.review.save }));
    expect(await within(dialog).findByText('Say why the verdict is changed')).toBeInTheDocument();
    expect(api.patch).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText(text.review.noteLabel), 'FRA waiver 2024-17 covers this curve');
    await user.click(within(dialog).getByRole('button', { name: text.review.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.patch).toHaveBeenCalledWith(
      `/checks/${CHECK_ID}/findings/f-1`,
      { verdict: 'conforms', note: 'FRA waiver 2024-17 covers this curve' },
      expect.anything(),
    );

    const audit = await screen.findByRole('region', { name: text.audit.heading });
    expect(await within(audit).findByText('Ada Lovelace changed Non-conformance to Conforms')).toBeInTheDocument();
    expect(within(audit).getByText('FRA waiver 2024-17 covers this curve')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: text.findings.tableLabel });
    expect(within(table).getByText(/Reviewed by Ada Lovelace/)).toBeInTheDocument();
    expect(within(table).getByText('FRA waiver 2024-17 covers this curve')).toBeInTheDocument();
  });

  it('downloads the report with the name the server gives it', async () => {
    serve({ check: checkFixture() });
    const blob = new Blob(['PK'], { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    apiDownload.mockResolvedValue({ blob, fileName: 'curve-schedule-report.docx' });
    const createUrl = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const user = userEvent.setup();
    renderRoutes(routes, `/checks/${CHECK_ID}`);
    await user.click(await screen.findByRole('button', { name: text.report.download }));
    await waitFor(() => expect(clicked).toEqual(['curve-schedule-report.docx']));
    expect(apiDownload).toHaveBeenCalledWith(`/checks/${CHECK_ID}/report.docx`);
    expect(createUrl).toHaveBeenCalledWith(blob);
    click.mockRestore();
    vi.unstubAllGlobals();
  });

  it("lists the viewer's earlier checks, newest first, each reopening its results", async () => {
    const older = checkFixture({ id: '11111111-1111-4111-8111-111111111111', document: { name: 'design-basis.pdf', type: 'pdf', bytes: 1 } });
    serve({ check: checkFixture(), list: [checkFixture(), older] });
    renderRoutes(routes, `/checks/${CHECK_ID}`);
    const list = await screen.findByRole('region', { name: text.history.heading });
    const links = await within(list).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`/checks/${CHECK_ID}`, `/checks/${older.id}`]);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(links[0]).toHaveTextContent('1 non-conformance · 1 conform · 1 to review');
  });
});
