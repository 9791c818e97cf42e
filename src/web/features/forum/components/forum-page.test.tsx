import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TopicSummary } from '../../../../shared/schemas/forum';
import { api, resetApiMock } from '../../../test/api-client-mock';
import { fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { categoriesFixture, membersFixture, statsFixture, topicDetailFixture, topicFixture, topicList } from '../test/fixtures';
import { ForumPage } from './forum-page';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

type Query = Record<string, string | number>;

const pinned = topicFixture({
  id: 't-pin',
  title: 'Welcome to the Trackside forum',
  pinned: true,
  locked: true,
  tags: ['welcome'],
  category: { id: 'industry-insights', name: 'Industry Insights' },
});
const wear = topicFixture();
const sighting = topicFixture({
  id: 't-3',
  title: 'Signal sighting distances',
  tags: ['sighting'],
  category: { id: 'signalling', name: 'Signalling' },
  replies: 0,
});
const mine = topicFixture({ id: 't-4', title: 'My held question about ballast', isMine: true, status: 'held', tags: ['ballast'] });

/** Answers like the server: filters by q, tag, category and tab. */
function serveForum(topics: TopicSummary[] = [pinned, wear, sighting, mine]) {
  api.get.mockImplementation(async (path: string, options?: { query?: Query }) => {
    const query = options?.query ?? {};
    switch (path) {
      case '/forum/categories':
        return structuredClone(categoriesFixture);
      case '/forum/me/stats':
        return structuredClone(statsFixture);
      case '/forum/members/active':
        return structuredClone(membersFixture);
      case '/forum/saved':
        return topicList([{ ...wear, savedByMe: true }]);
      case '/forum/topics': {
        const q = String(query.q ?? '').toLowerCase();
        const items = topics
          .filter((t) => !q || t.title.toLowerCase().includes(q) || t.tags.some((tag) => tag.includes(q)))
          .filter((t) => !query.tag || t.tags.includes(String(query.tag)))
          .filter((t) => !query.category || t.category.id === query.category)
          .filter((t) => query.tab !== 'unanswered' || t.replies === 0);
        return topicList(items);
      }
      default:
        throw new Error(`unexpected GET ${path}`);
    }
  });
}

function topicQueries(): Query[] {
  return api.get.mock.calls.filter((call) => call[0] === '/forum/topics').map((call) => (call[1] as { query?: Query } | undefined)?.query ?? {});
}

const routes = [
  { path: '/community-forum', element: <ForumPage /> },
  { path: '/community-forum/:id', element: <p>Topic page</p> },
  { path: '/login', element: <p>Login page</p> },
];

describe('ForumPage', () => {
  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
  });

  it('shows guests the 2-topic preview and a sign-in link that carries the current path', async () => {
    api.get.mockImplementation(async (path: string) => {
      if (path === '/forum/topics') return topicList([pinned, wear], { preview: true, total: 6 });
      throw new Error(`unexpected GET ${path}`);
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/community-forum?tab=popular');

    const list = await screen.findByRole('list', { name: 'Topic preview' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Topic' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Sign in to continue' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ redirectAfterLogin: '/community-forum?tab=popular' });
  });

  it('lists topics with badges, tags and counts beside the profile card, categories and active members', async () => {
    setMockSession(fakeSession());
    serveForum();
    renderRoutes(routes, '/community-forum');

    const list = await screen.findByRole('list', { name: 'All Topics' });
    const first = within(list).getAllByRole('article')[0]!;
    expect(within(first).getByRole('link', { name: 'Welcome to the Trackside forum' })).toHaveAttribute('href', '/community-forum/t-pin');
    expect(within(first).getByText('Pinned')).toBeInTheDocument();
    expect(within(first).getByText('Locked')).toBeInTheDocument();
    const wearCard = screen.getByRole('article', { name: 'Rail wear limits on tight curves' });
    expect(within(wearCard).getByText('42 views')).toBeInTheDocument();
    expect(within(wearCard).getByText('2 replies')).toBeInTheDocument();
    expect(within(wearCard).getByRole('button', { name: 'Filter by tag rail wear' })).toBeInTheDocument();
    // The author's own held topic says so.
    const held = screen.getByRole('article', { name: 'My held question about ballast' });
    expect(within(held).getByText('Awaiting review')).toBeInTheDocument();

    const profile = screen.getByRole('region', { name: 'Your profile' });
    expect(await within(profile).findByText('31')).toBeInTheDocument();
    expect(within(profile).getByText('Likes')).toBeInTheDocument();
    expect(within(profile).getByText('ada.lovelace')).toBeInTheDocument();
    const categories = screen.getByRole('region', { name: 'Categories' });
    expect(within(categories).getByRole('button', { name: /Track Engineering\s*4 topics/ })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Active Members' })).getByText('9 posts')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search topics' })).toHaveAttribute('placeholder', 'Search topics...');
  });

  it('sends the search once typing pauses', async () => {
    setMockSession(fakeSession());
    serveForum();
    const user = userEvent.setup();
    renderRoutes(routes, '/community-forum');
    await screen.findByRole('list', { name: 'All Topics' });

    await user.type(screen.getByRole('searchbox', { name: 'Search topics' }), 'sighting');
    await waitFor(() => expect(screen.queryByText('Rail wear limits on tight curves')).not.toBeInTheDocument());
    expect(topicQueries()).toContainEqual({ q: 'sighting' });
    expect(topicQueries()).not.toContainEqual({ q: 's' });
  }, 20_000);

  it('sends the category, tag, tab and sort to the server', async () => {
    setMockSession(fakeSession());
    serveForum();
    const user = userEvent.setup();
    renderRoutes(routes, '/community-forum');
    await screen.findByRole('list', { name: 'All Topics' });

    await user.click(within(screen.getByRole('region', { name: 'Categories' })).getByRole('button', { name: /Signalling/ }));
    await waitFor(() => expect(topicQueries()).toContainEqual({ category: 'signalling' }));
    await user.click(screen.getByRole('button', { name: 'Remove filter Signalling' }));

    await user.click(await screen.findByRole('button', { name: 'Filter by tag rail wear' }));
    await waitFor(() => expect(topicQueries()).toContainEqual({ tag: 'rail wear' }));
    expect(screen.getByRole('button', { name: 'Remove filter #rail wear' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove filter #rail wear' }));

    await user.click(screen.getByRole('tab', { name: 'Unanswered' }));
    expect(await screen.findByRole('list', { name: 'Unanswered' })).toBeInTheDocument();
    await waitFor(() => expect(topicQueries()).toContainEqual({ tab: 'unanswered' }));
    await user.click(screen.getByRole('button', { name: 'Active' }));
    await waitFor(() => expect(topicQueries()).toContainEqual({ tab: 'unanswered', sort: 'active' }));
    expect(screen.getByRole('button', { name: 'Active' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Recent' })).toHaveAttribute('aria-pressed', 'false');
  }, 20_000);

  it('shows the empty state when nothing matches', async () => {
    setMockSession(fakeSession());
    serveForum([]);
    renderRoutes(routes, '/community-forum?q=nothing');
    expect(await screen.findByText('No topics found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or category filter.')).toBeInTheDocument();
  });

  it('lists saved topics in the Saved panel', async () => {
    setMockSession(fakeSession());
    serveForum();
    const user = userEvent.setup();
    renderRoutes(routes, '/community-forum');
    await user.click(await screen.findByRole('button', { name: /Saved/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved topics' });
    expect(await within(dialog).findByRole('link', { name: 'Rail wear limits on tight curves' })).toHaveAttribute('href', '/community-forum/t-1');
  });

  it('checks a new topic with the shared messages, then posts it and opens it', async () => {
    setMockSession(fakeSession());
    serveForum();
    api.post.mockResolvedValue(topicDetailFixture({ id: 't-new', title: 'Ballast fouling index', status: 'held', isMine: true }));
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/community-forum');

    await user.click(await screen.findByRole('button', { name: 'New Topic' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Topic' });
    expect(within(dialog).getByLabelText('Title')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Post Topic' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a category')).toBeInTheDocument();
    expect(within(dialog).getByText('Write something in your topic')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toHaveFocus();
    expect(api.post).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Title'), 'Ballast fouling index');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'track-engineering');
    await user.type(within(dialog).getByLabelText('Tags'), 'Ballast, drainage, x');
    await user.type(within(dialog).getByLabelText('Details'), 'How do you measure the fouling index in the field?');
    await user.click(within(dialog).getByRole('button', { name: 'Post Topic' }));
    expect(await within(dialog).findByText('Each tag must be at least 2 characters')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Tags'));
    await user.type(within(dialog).getByLabelText('Tags'), 'Ballast, drainage');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('How do you measure the fouling index in the field?', { selector: 'p' }, { timeout: 8000 })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Post Topic' }));

    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(
        '/forum/topics',
        {
          title: 'Ballast fouling index',
          categoryId: 'track-engineering',
          tags: ['ballast', 'drainage'],
          body: 'How do you measure the fouling index in the field?',
        },
        expect.anything(),
      ),
    );
    expect(await screen.findByText('Topic page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/community-forum/t-new');
    expect(await screen.findByText('Awaiting review')).toBeInTheDocument();
  }, 20_000);
});
