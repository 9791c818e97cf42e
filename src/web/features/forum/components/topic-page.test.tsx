import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../../shared/errors';
import type { Reply, TopicDetail } from '../../../../shared/schemas/forum';
import { api, resetApiMock } from '../../../test/api-client-mock';
import { fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { replyFixture, replyList, topicDetailFixture } from '../test/fixtures';
import { TopicPage } from './topic-page';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

const routes = [
  { path: '/community-forum', element: <p>Forum list</p> },
  { path: '/community-forum/:id', element: <TopicPage /> },
  { path: '/login', element: <p>Login page</p> },
];

function serveTopic({
  topic = topicDetailFixture(),
  replies = [replyFixture()],
  admin = false,
}: { topic?: TopicDetail; replies?: Reply[]; admin?: boolean } = {}) {
  api.get.mockImplementation(async (path: string) => {
    if (path === '/forum/topics/t-1') return structuredClone(topic);
    if (path === '/forum/topics/t-1/replies') return replyList(structuredClone(replies));
    if (path === '/roles/me') return { admin, whitelisted: admin };
    throw new AppError('not_found', 'Not found', 404);
  });
}

/** A promise the test settles by hand, to look at the screen while a request is in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('TopicPage', () => {
  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
  });

  it('renders the body as markdown with no raw HTML, and javascript: links inert', async () => {
    setMockSession(fakeSession());
    const body = [
      '## Side wear',
      '',
      'We use **8 mm** at the gauge face.',
      '',
      '<script>window.__forumPwned = true</script>',
      '',
      '<img src=x onerror="window.__forumPwned = true">',
      '',
      '[click me](javascript:window.__forumPwned=true) and [the standard](https://example.com/std)',
      '',
      '![diagram](javascript:alert(1))',
    ].join('\n');
    serveTopic({
      topic: topicDetailFixture({ body }),
      replies: [replyFixture({ body: '<script>window.__forumPwned = true</script>\n\n[reply link](JAVASCRIPT:alert(1))' })],
    });
    const { container } = renderRoutes(routes, '/community-forum/t-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Rail wear limits on tight curves' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Side wear' })).toBeInTheDocument();
    expect(document.title).toBe('Rail wear limits on tight curves | Community Forum | Trackside');
    expect(screen.getByText('8 mm').tagName).toBe('STRONG');
    await screen.findByRole('article', { name: 'Reply by ada.lovelace' });

    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    for (const anchor of container.querySelectorAll('a')) {
      expect(anchor.getAttribute('href') ?? '').not.toMatch(/^\s*javascript:/i);
    }
    expect(screen.getByText('click me').closest('a')).toBeNull();
    expect(screen.getByText('reply link').closest('a')).toBeNull();
    expect(screen.getByRole('link', { name: 'the standard' })).toHaveAttribute('href', 'https://example.com/std');
    expect((window as unknown as { __forumPwned?: boolean }).__forumPwned).toBeUndefined();
  });

  it('likes at once and settles on the server count; a failed like is put back', async () => {
    setMockSession(fakeSession());
    serveTopic();
    const user = userEvent.setup();
    renderRoutes(routes, '/community-forum/t-1');

    const like = await screen.findByRole('button', { name: 'Like this topic (3 likes)' });
    const pending = deferred<{ likes: number; likedByMe: boolean }>();
    api.post.mockReturnValueOnce(pending.promise);
    await user.click(like);
    // Optimistic: liked and counted before the server answers.
    expect(await screen.findByRole('button', { name: 'Unlike this topic (4 likes)' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.post).toHaveBeenCalledWith('/forum/topics/t-1/like', undefined, expect.anything());
    pending.resolve({ likes: 5, likedByMe: true });
    expect(await screen.findByRole('button', { name: 'Unlike this topic (5 likes)' })).toBeInTheDocument();

    api.delete.mockRejectedValueOnce(new AppError('unexpected_failure', 'An unexpected error occurred', 500));
    await user.click(screen.getByRole('button', { name: 'Unlike this topic (5 likes)' }));
    expect(await screen.findByRole('button', { name: 'Unlike this topic (5 likes)' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.delete).toHaveBeenCalledWith('/forum/topics/t-1/like', expect.anything());

    // A reply's like goes to the reply's own route.
    api.post.mockResolvedValueOnce({ likes: 2, likedByMe: true });
    const reply = screen.getByRole('article', { name: 'Reply by ada.lovelace' });
    await user.click(within(reply).getByRole('button', { name: 'Like reply 1 by ada.lovelace (1 like)' }));
    expect(await within(reply).findByRole('button', { name: 'Unlike reply 1 by ada.lovelace (2 likes)' })).toBeInTheDocument();
    expect(api.post).toHaveBeenCalledWith('/forum/topics/t-1/replies/r-1/like', undefined, expect.anything());
  }, 15_000);

  it('posts a reply checked by the shared schema; a held reply says it awaits review', async () => {
    setMockSession(fakeSession());
    serveTopic();
    const user = userEvent.setup();
    renderRoutes(routes, '/community-forum/t-1');

    const box = await screen.findByRole('textbox', { name: 'Your reply' });
    await user.click(screen.getByRole('button', { name: 'Post Reply' }));
    expect(await screen.findByText('Write something in your reply')).toBeInTheDocument();
    expect(box).toHaveFocus();

    const held = replyFixture({ id: 'r-2', body: 'Damn good question', isMine: true, status: 'held' });
    api.post.mockResolvedValueOnce(held);
    await user.type(box, 'Damn good question');
    serveTopic({ replies: [replyFixture(), held] });
    await user.click(screen.getByRole('button', { name: 'Post Reply' }));

    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/forum/topics/t-1/replies', { body: 'Damn good question' }, expect.anything()));
    expect(await screen.findByText('Thanks! Your post is awaiting review by a moderator and will appear once approved.')).toBeInTheDocument();
    const replies = await screen.findAllByRole('article', { name: 'Reply by ada.lovelace' });
    expect(within(replies[1]!).getByText('Awaiting review')).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('reports a post with a reason, and lets the author edit within the window', async () => {
    setMockSession(fakeSession());
    const editableUntil = new Date(Date.now() + 10 * 60_000).toISOString();
    serveTopic({ replies: [replyFixture({ isMine: true, editableUntil })] });
    const user = userEvent.setup();
    renderRoutes(routes, '/community-forum/t-1');

    await user.click(await screen.findByRole('button', { name: 'Report this topic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this topic' });
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await within(dialog).findByText('Tell us why you are reporting this post')).toBeInTheDocument();
    api.post.mockResolvedValueOnce({ flagged: true, hidden: false });
    await user.type(within(dialog).getByLabelText('Reason'), 'Unsafe advice');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/forum/topics/t-1/flag', { reason: 'Unsafe advice' }, expect.anything()));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The own reply has Edit (not Report); the topic is someone else's, so no Edit for it.
    const reply = screen.getByRole('article', { name: 'Reply by ada.lovelace' });
    expect(within(reply).queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(within(reply).getByRole('button', { name: 'Edit reply 1 by ada.lovelace' }));
    const editor = within(reply).getByRole('textbox', { name: 'Edit your reply' });
    await user.clear(editor);
    await user.type(editor, 'We lubricate both rails.');
    api.patch.mockResolvedValueOnce(replyFixture({ isMine: true, editableUntil, body: 'We lubricate both rails.' }));
    await user.click(within(reply).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith('/forum/topics/t-1/replies/r-1', { body: 'We lubricate both rails.' }, expect.anything()));
  }, 15_000);

  it('shows admins the pin, lock, move and delete controls', async () => {
    setMockSession(fakeSession());
    serveTopic({ admin: true });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/community-forum/t-1');

    const tools = await screen.findByRole('region', { name: 'Moderator tools' });
    api.put.mockResolvedValueOnce(topicDetailFixture({ pinned: true }));
    await user.click(within(tools).getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/forum/topics/t-1/pin', { pinned: true }, expect.anything()));
    api.put.mockResolvedValueOnce(topicDetailFixture({ locked: true }));
    await user.click(within(tools).getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/forum/topics/t-1/lock', { locked: true }, expect.anything()));
    api.put.mockResolvedValueOnce(topicDetailFixture());
    await user.selectOptions(within(tools).getByLabelText('Move to category'), 'geotechnical');
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/forum/topics/t-1/category', { categoryId: 'geotechnical' }, expect.anything()));

    api.delete.mockResolvedValueOnce(undefined);
    await user.click(within(tools).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this topic?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/forum/topics/t-1'));
    expect(await screen.findByText('Forum list')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/community-forum');
  }, 15_000);

  it('shows no moderator tools to members, and a locked topic takes no replies', async () => {
    setMockSession(fakeSession());
    serveTopic({ topic: topicDetailFixture({ locked: true }) });
    renderRoutes(routes, '/community-forum/t-1');
    expect(await screen.findByText('This topic is locked; no new replies')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your reply' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Moderator tools' })).not.toBeInTheDocument();
  });

  it('asks guests to sign in for a topic beyond the preview', async () => {
    api.get.mockRejectedValue(new AppError('sign_in_required', 'Sign in to read this topic and join the discussion', 401));
    renderRoutes(routes, '/community-forum/t-7');
    expect(await screen.findByRole('link', { name: 'Sign in to continue' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('Sign in to read this topic and join the discussion')).toBeInTheDocument();
  });
});
