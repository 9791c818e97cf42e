import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../shared/constants';
import { AppError } from '../../../../shared/errors';
import type { ChatRequest, ChatResponse } from '../../../../shared/schemas/chat';
import type { SseEvent } from '../../../lib/sse';
import { api, apiStream, mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { libraryFixture, standardsFixture } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { ChatView } from './chat-view';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

const clause = {
  standard: '49 CFR',
  ref: '213.53(b)',
  section: '213.53',
  heading: 'Gage.',
  subpart: 'C — Track Geometry',
  text: '(b) Gage shall be within the limits prescribed in the following table.',
  discipline: 'Track and Civil',
  document: { id: 'doc-1', title: '49 CFR Part 213', edition: 'eCFR 2026' },
};

const answer: ChatResponse = {
  response: 'Gage must stay **within limits** [49 CFR 213.53(b)].\n\n### Clauses cited\n- 49 CFR 213.53(b) Gage.',
  threadId: '11111111-1111-4111-8111-111111111111',
  runId: 'run-1',
  citations: [{ standard: '49 CFR', ref: '213.53(b)', heading: 'Gage.', excerpt: 'Gage shall be within the limits' }],
  coverage: { status: 'covered', confidence: 1, uncovered: [] },
};

interface StreamCall {
  body: ChatRequest;
  onEvent: (event: SseEvent) => void;
}

/** The stream answers with two tokens and then `done`. */
function streamAnswers(response: ChatResponse = answer) {
  apiStream.mockImplementation(async (_path: string, { onEvent }: StreamCall) => {
    onEvent({ event: 'token', data: JSON.stringify({ text: 'Gage must ' }) });
    onEvent({ event: 'token', data: JSON.stringify({ text: 'stay within limits' }) });
    onEvent({ event: 'done', data: JSON.stringify(response) });
  });
}

const routes = [
  { path: '/chat', element: <ChatView /> },
  { path: '/standards/:code/:ref', element: <p>Standards page</p> },
];

async function renderChat(state?: unknown) {
  const utils = renderRoutes(routes, { pathname: '/chat', state });
  await screen.findByText(/I'll answer your questions using 49 CFR/);
  await waitFor(() => expect(screen.getByLabelText('Ask a railway engineering question')).toBeEnabled());
  return utils;
}

function input() {
  return screen.getByLabelText('Ask a railway engineering question');
}

describe('ChatView', () => {
  beforeEach(() => {
    localStorage.clear();
    resetAuthMock();
    resetApiMock();
    setMockSession(fakeSession(), 'INITIAL_SESSION');
    mockApiGet({
      '/standards': standardsFixture,
      '/standards/49%20CFR/clauses/213.53(b)': clause,
      '/chat/threads': [],
    });
  });
  afterEach(() => vi.useRealTimers());

  it('greets the user as their personal AI railway assistant, naming the standard and discipline', async () => {
    await renderChat();
    const greeting = screen.getByText(/personal AI railway assistant/);
    expect(greeting).toHaveTextContent(
      "Hello! I'm your personal AI railway assistant. I'll answer your questions using 49 CFR (US Federal Railroad Administration) for Track and Civil",
    );
    expect(screen.getByLabelText('Discipline')).toHaveValue('Track and Civil');
    expect(screen.getByLabelText('Standard')).toHaveValue('49 CFR');
    expect(screen.getByRole('option', { name: 'Metro Trains Melbourne (coming soon)' })).toBeDisabled();
  });

  it('applies selectedDiscipline from navigation state and renames the greeting when it changes', async () => {
    const user = userEvent.setup();
    await renderChat({ selectedDiscipline: 'Structures' });
    expect(screen.getByLabelText('Discipline')).toHaveValue('Structures');
    expect(screen.getByText(/for Structures/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Discipline'), 'Signaling');
    expect(screen.getByText(/for Signaling/)).toBeInTheDocument();
  });

  it('sends on Enter, adds a newline on Shift+Enter and ignores blank input', async () => {
    const user = userEvent.setup();
    streamAnswers();
    await renderChat();

    await user.type(input(), '   ');
    await user.keyboard('{Enter}');
    expect(apiStream).not.toHaveBeenCalled();

    await user.clear(input());
    await user.type(input(), 'Wide gauge limits?{Shift>}{Enter}{/Shift}Class 3 track');
    expect(input()).toHaveValue('Wide gauge limits?\nClass 3 track');
    expect(apiStream).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(apiStream).toHaveBeenCalledTimes(1));
    const [path, options] = apiStream.mock.calls[0] as [string, StreamCall];
    expect(path).toBe('/chat/stream');
    expect(options.body).toMatchObject({
      message: 'Wide gauge limits?\nClass 3 track',
      selectedStandard: '49 CFR',
      discipline: 'Track and Civil',
      chatContext: [],
    });
    expect(input()).toHaveValue('');
    expect(await screen.findByText('within limits')).toBeInTheDocument();
  });

  it('shows the loading line and streamed tokens while waiting', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    apiStream.mockImplementation(
      (_path: string, { onEvent }: StreamCall) =>
        new Promise<void>((resolve) => {
          onEvent({ event: 'token', data: JSON.stringify({ text: 'Partial answer so far' }) });
          finish = () => {
            onEvent({ event: 'done', data: JSON.stringify(answer) });
            resolve();
          };
        }),
    );
    await renderChat();
    await user.type(input(), 'Question{Enter}');
    expect(await screen.findByText('Consulting railway standards...')).toBeInTheDocument();
    expect(await screen.findByText('Partial answer so far')).toBeInTheDocument();
    await act(async () => finish());
    await waitFor(() => expect(screen.queryByText('Consulting railway standards...')).not.toBeInTheDocument());
  });

  it('opens a citation chip as a dialog with the clause text and a link to the standards library', async () => {
    const user = userEvent.setup();
    streamAnswers();
    await renderChat();
    await user.type(input(), 'What are the gage limits?{Enter}');

    await user.click(await screen.findByRole('button', { name: '49 CFR 213.53(b): Gage.' }));
    const dialog = await screen.findByRole('dialog', { name: '49 CFR 213.53(b)' });
    expect(await within(dialog).findByText(/Gage shall be within the limits prescribed/)).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/standards/49%20CFR/clauses/213.53(b)', expect.anything());
    expect(within(dialog).getByRole('link', { name: /Open in Standards Library/ })).toHaveAttribute('href', '/standards/49%20CFR/213.53(b)');
  });

  it('groups the standards by jurisdiction; a Canadian answer cites and links its clauses as Canada writes them', async () => {
    const user = userEvent.setup();
    const code = 'CA Grade Crossings Regulations';
    const ref = 'SOR/2014-275, s. 12';
    mockApiGet({
      '/standards': libraryFixture,
      '/chat/threads': [],
      [`/standards/${encodeURIComponent(code)}/clauses/${encodeURIComponent(ref)}`]: {
        ...clause,
        standard: code,
        ref,
        section: '12',
        heading: 'Information',
        subpart: 'Information Sharing / Road Authority',
        text: '(1) A road authority must share…',
        document: { id: 'doc-sor', title: 'SOR/2014-275', edition: 'current to 2025-07-24' },
      },
    });
    streamAnswers({
      ...answer,
      response: 'A road authority must share the information [SOR/2014-275, s. 12(1)].',
      citations: [{ standard: code, ref, pinpoint: 'SOR/2014-275, s. 12(1)', heading: 'Information', excerpt: '(1) A road authority must share…' }],
    });
    await renderChat();
    const select = screen.getByRole('combobox', { name: 'Standard' });
    const groups = [...select.querySelectorAll('optgroup')];
    // The Comparative Table, selectable once two standards are loaded, in a group of its own.
    expect(groups.map((g) => g.label)).toEqual(['United States', 'Canada', 'European Union', 'Across standards', 'Coming soon']);
    expect([...groups[1]!.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Grade Crossings Regulations (SOR/2014-275)',
      'Railway Safety Act (R.S.C., 1985, c. R-4.2)',
    ]);
    expect(within(groups[3]!).getByRole('option', { name: 'Comparative Table' })).toBeEnabled();
    expect(within(groups[4]!).getByRole('option', { name: 'Metro Trains Melbourne (coming soon)' })).toBeDisabled();

    await user.selectOptions(select, code);
    expect(await screen.findByText(/using Grade Crossings Regulations \(SOR\/2014-275\)/)).toBeInTheDocument();
    await user.type(input(), 'Who shares grade crossing information?{Enter}');
    await waitFor(() => expect(apiStream).toHaveBeenCalled());
    expect((apiStream.mock.calls[0] as [string, StreamCall])[1].body.selectedStandard).toBe(code);

    await user.click(await screen.findByRole('button', { name: 'SOR/2014-275, s. 12(1): Information' }));
    const dialog = await screen.findByRole('dialog', { name: 'SOR/2014-275, s. 12(1)' });
    expect(await within(dialog).findByText(/A road authority must share/)).toBeInTheDocument();
    expect(
      within(dialog).getByText(/The answer relies on paragraph SOR\/2014-275, s\. 12\(1\); the whole of SOR\/2014-275, s\. 12 is shown\./),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Information Sharing \/ Road Authority/)).not.toHaveTextContent('Subpart');
    expect(within(dialog).getByRole('link', { name: /Open in Standards Library/ })).toHaveAttribute(
      'href',
      '/standards/CA%20Grade%20Crossings%20Regulations/SOR%2F2014-275%2C%20s.%2012',
    );
  });

  it('sends the last 6 non-system messages as context and continues the thread', async () => {
    const user = userEvent.setup();
    streamAnswers();
    await renderChat();
    for (const q of ['q1', 'q2', 'q3', 'q4', 'q5']) {
      await user.type(input(), `${q}{Enter}`);
      await waitFor(() => expect(screen.queryByText('Consulting railway standards...')).not.toBeInTheDocument());
    }
    const last = apiStream.mock.calls.at(-1)?.[1] as StreamCall;
    expect(last.body.chatContext).toHaveLength(6);
    expect(last.body.chatContext?.[0]).toEqual({ role: 'user', content: 'q2' });
    expect(last.body.chatContext?.every((m) => m.role !== ('system' as string))).toBe(true);
    expect(last.body.threadId).toBe(answer.threadId);
  });

  it('shows the apology with the error text and the spec toast when the AI call fails', async () => {
    const user = userEvent.setup();
    const toastError = vi.spyOn(toast, 'error');
    apiStream.mockRejectedValue(new AppError('unexpected_failure', 'The assistant is unavailable', 500));
    await renderChat();
    await user.type(input(), 'Question{Enter}');

    const apology = await screen.findByText(/Sorry, there was an error processing your request\. Please try again later/);
    expect(apology).toHaveTextContent('The assistant is unavailable');
    expect(toastError).toHaveBeenCalledWith('Error', {
      description: 'Failed to get response from AI service. Please check your connection and try again.',
    });
  });

  it("shows the server's message when the standard is not loaded (409)", async () => {
    const user = userEvent.setup();
    apiStream.mockRejectedValue(new AppError('standard_not_loaded', 'No clauses are loaded for Metro Trains Melbourne yet.', 409));
    await renderChat();
    await user.type(input(), 'Question{Enter}');
    const log = screen.getByRole('log');
    expect(await within(log).findByText('No clauses are loaded for Metro Trains Melbourne yet.')).toBeInTheDocument();
    expect(screen.queryByText(/Sorry, there was an error/)).not.toBeInTheDocument();
  });

  it('falls back to POST /api/chat where the server has no streaming route', async () => {
    const user = userEvent.setup();
    apiStream.mockRejectedValue(new AppError('not_found', 'This API route does not exist', 404));
    api.post.mockResolvedValue(answer);
    await renderChat();
    await user.type(input(), 'Question{Enter}');
    expect(await screen.findByText('within limits')).toBeInTheDocument();
    expect(api.post).toHaveBeenCalledWith('/chat', expect.objectContaining({ message: 'Question' }), expect.anything());
  });

  it('asks the stored initial question on arrival, once, and removes it', async () => {
    streamAnswers();
    localStorage.setItem(STORAGE_KEYS.initialQuestion, 'Sun kink risk on CWR?');
    renderRoutes(routes, '/chat');
    await waitFor(() => expect(apiStream).toHaveBeenCalledTimes(1));
    expect((apiStream.mock.calls[0]?.[1] as StreamCall).body.message).toBe('Sun kink risk on CWR?');
    expect(localStorage.getItem(STORAGE_KEYS.initialQuestion)).toBeNull();
    expect(await screen.findByText('Sun kink risk on CWR?')).toBeInTheDocument();
  });

  it('Clear resets to a fresh welcome, starts a new thread and removes the stored history', async () => {
    const user = userEvent.setup();
    streamAnswers();
    await renderChat();
    await user.type(input(), 'First question{Enter}');
    await screen.findByText('within limits');
    expect(localStorage.getItem(STORAGE_KEYS.chatHistory)).toContain('First question');

    await user.click(screen.getByRole('button', { name: 'Clear conversation' }));
    expect(screen.queryByText('First question')).not.toBeInTheDocument();
    expect(screen.getByText(/personal AI railway assistant/)).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.chatHistory)).toBeNull();

    await user.type(input(), 'Second question{Enter}');
    await waitFor(() => expect(apiStream).toHaveBeenCalledTimes(2));
    expect((apiStream.mock.calls[1]?.[1] as StreamCall).body.threadId).toBeUndefined();
  });
});

describe('ChatView: how far the library covers an answer', () => {
  const declined: ChatResponse = {
    response:
      "I couldn't find a clause in 49 CFR (US Federal Railroad Administration) that addresses this.\n\nPossibly related clauses (they may not answer your question):\n- 49 CFR 213.9 — Classes of track: operating speed limits.",
    threadId: answer.threadId,
    runId: 'run-2',
    citations: [],
    coverage: { status: 'not_covered', confidence: 0, uncovered: ['contact wire height', '25 kV'] },
  };
  const partial: ChatResponse = {
    response: 'The maximum allowable operating speed for freight trains on class 3 track is 40 mph [49 CFR 213.9(a)].',
    threadId: answer.threadId,
    runId: 'run-3',
    citations: [
      { standard: '49 CFR', ref: '213.9', pinpoint: '213.9(a)', heading: 'Classes of track: operating speed limits.', excerpt: '(a) Except as provided…' },
    ],
    coverage: { status: 'partial', confidence: 0.6, uncovered: ['hazardous materials', 'tank cars'] },
  };
  const unsure: ChatResponse = { ...answer, runId: 'run-4', coverage: { status: 'covered', confidence: 0.3, uncovered: [] } };

  beforeEach(() => {
    localStorage.clear();
    resetAuthMock();
    resetApiMock();
    setMockSession(fakeSession(), 'INITIAL_SESSION');
    mockApiGet({ '/standards': standardsFixture, '/chat/threads': [] });
  });

  /** The conversation's last message (its own list items, such as citation chips, left aside). */
  function lastAnswer() {
    return Array.from(screen.getByRole('log').querySelector('ol')!.children).at(-1) as HTMLElement;
  }

  async function askAndGet(response: ChatResponse) {
    const user = userEvent.setup();
    streamAnswers(response);
    await renderChat();
    await user.type(input(), 'Question{Enter}');
    await waitFor(() => expect(screen.queryByText('Consulting railway standards...')).not.toBeInTheDocument());
    return lastAnswer();
  }

  it('shows a not-covered reply as a notice of its own, with no citation chips', async () => {
    const reply = await askAndGet(declined);
    const note = within(reply).getByRole('note', { name: 'Not covered by the library' });
    expect(note).toHaveTextContent("I couldn't find a clause in 49 CFR");
    expect(note).toHaveTextContent('Possibly related clauses (they may not answer your question):');
    expect(within(reply).queryByRole('list', { name: 'Cited clauses' })).not.toBeInTheDocument();
    expect(within(reply).queryByText(/Partly covered|Low confidence/)).not.toBeInTheDocument();
  });

  it('puts the partly-covered notice, naming what the clauses found do not address, above the answer', async () => {
    const reply = await askAndGet(partial);
    const note = within(reply).getByRole('note', { name: 'Partly covered: the clauses found do not address hazardous materials and tank cars' });
    expect(within(reply).queryByText('Low confidence: check the cited clauses')).not.toBeInTheDocument();
    const body = within(reply).getByText(/40 mph/);
    expect(note.compareDocumentPosition(body) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(reply).queryByText('Not covered by the library')).not.toBeInTheDocument();
  });

  it('shows the pinpointed paragraph on the citation chip and in the clause dialog', async () => {
    mockApiGet({ '/standards': standardsFixture, '/chat/threads': [], '/standards/49%20CFR/clauses/213.9': { ...clause, ref: '213.9', section: '213.9' } });
    const reply = await askAndGet(partial);
    const chips = within(reply).getByRole('list', { name: 'Cited clauses' });
    const chip = within(chips).getByRole('button', { name: '49 CFR 213.9(a): Classes of track: operating speed limits.' });
    expect(chip).toHaveTextContent('49 CFR 213.9(a)');
    await userEvent.setup().click(chip);
    const dialog = await screen.findByRole('dialog', { name: '49 CFR 213.9(a)' });
    expect(within(dialog).getByText(/relies on paragraph 49 CFR 213\.9\(a\); the whole of 49 CFR 213\.9 is shown/)).toBeInTheDocument();
    // The clause fetched is the one in the library (213.9), not the paragraph.
    expect(api.get).toHaveBeenCalledWith('/standards/49%20CFR/clauses/213.9', expect.anything());
  });

  it('warns of low confidence, and of both when a partial answer is also unsure', async () => {
    const reply = await askAndGet(unsure);
    expect(within(reply).getByRole('note', { name: 'Low confidence: check the cited clauses' })).toBeInTheDocument();
    expect(within(reply).getByRole('list', { name: 'Cited clauses' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear conversation' }));
    streamAnswers({ ...partial, coverage: { status: 'partial', confidence: 0.2, uncovered: [] } });
    await userEvent.setup().type(input(), 'Again{Enter}');
    await waitFor(() => expect(screen.queryByText('Consulting railway standards...')).not.toBeInTheDocument());
    const note = within(lastAnswer()).getByRole('note');
    expect(note).toHaveTextContent('Partly covered: the library may not address every part of your question');
    expect(note).toHaveTextContent('Low confidence: check the cited clauses');
  });

  it('shows no notice for a covered, confident answer', async () => {
    const reply = await askAndGet(answer);
    expect(within(reply).queryByRole('note')).not.toBeInTheDocument();
    expect(within(reply).getByRole('list', { name: 'Cited clauses' })).toBeInTheDocument();
  });

  it('shows the same notices in a conversation reopened from the history, and treats older replies without coverage kindly', async () => {
    const user = userEvent.setup();
    const at = '2026-11-02T10:00:00.000Z';
    const summary = { id: answer.threadId, title: 'Speeds', standard: '49 CFR', discipline: 'Track and Civil', createdAt: at, updatedAt: at };
    const message = (id: string, role: 'user' | 'assistant', content: string, extra: object = {}) => ({
      id,
      role,
      content,
      citations: [],
      coverage: null,
      runId: null,
      createdAt: at,
      ...extra,
    });
    mockApiGet({
      '/standards': standardsFixture,
      '/chat/threads': [summary],
      [`/chat/threads/${answer.threadId}`]: {
        ...summary,
        messages: [
          message('m1', 'user', 'Contact wire height over a level crossing?'),
          message('m2', 'assistant', declined.response, { coverage: declined.coverage }),
          message('m3', 'user', 'Freight speed on class 3?'),
          message('m4', 'assistant', partial.response, { citations: partial.citations, coverage: partial.coverage }),
          message('m5', 'user', 'Canteen wall colour?'),
          // Stored before answers kept their coverage.
          message('m6', 'assistant', "I couldn't find a clause in 49 CFR that addresses this."),
          message('m7', 'user', 'Rail end mismatch?'),
          message('m8', 'assistant', answer.response, { citations: answer.citations }),
        ],
      },
    });
    await renderChat();
    await user.click(screen.getByRole('button', { name: 'Past conversations' }));
    await user.click(await screen.findByRole('button', { name: /^Speeds/ }));

    const answers = (await within(screen.getByRole('log')).findAllByRole('listitem')).filter((li) => li.textContent?.includes('Assistant answered:'));
    expect(answers).toHaveLength(4);
    const [notCovered, partly, legacy, older] = answers as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(notCovered).getByRole('note', { name: 'Not covered by the library' })).toBeInTheDocument();
    expect(within(notCovered).queryByRole('list', { name: 'Cited clauses' })).not.toBeInTheDocument();
    expect(within(partly).getByRole('note', { name: /^Partly covered: the clauses found do not address hazardous materials/ })).toBeInTheDocument();
    expect(within(partly).getByRole('button', { name: /^49 CFR 213\.9\(a\)/ })).toBeInTheDocument();
    expect(within(legacy).getByRole('note', { name: 'Not covered by the library' })).toBeInTheDocument();
    expect(within(older).queryByRole('note')).not.toBeInTheDocument();
    expect(within(older).getByRole('button', { name: '49 CFR 213.53(b): Gage.' })).toBeInTheDocument();
  });
});
