import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Material } from '../../../../shared/schemas/knowledge';
import { api, resetApiMock } from '../../../test/api-client-mock';
import { fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { seedQueries } from '../../../app/page-data';
import { createQueryClient } from '../../../app/providers';
import { hubReads } from '../api/query-keys';
import { materialFixture, previewOf } from '../test/fixtures';
import { KnowledgeHubPage } from './knowledge-hub-page';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

const article = materialFixture({ featured: true });
const article2 = materialFixture({
  id: 'm-2',
  title: 'Ballast Cleaning',
  podcast_categories: { id: 'cat-geo', name: 'Geotechnical' },
  category_id: 'cat-geo',
  tags: [
    { id: 'tag-rail', name: 'rail' },
    { id: 'tag-ballast', name: 'ballast' },
  ],
});
const whitepaper = materialFixture({ id: 'w-1', kind: 'whitepaper', title: 'Signalling Migration Whitepaper', file_url: '/api/files/w-1.pdf' });

type Query = Record<string, string>;

/** Answers the materials list like the server: filtered by kind and q. */
function serveMaterials(transform: (material: Material) => Material = (m) => m) {
  api.get.mockImplementation(async (path: string, options?: { query?: Query }) => {
    if (path !== '/knowledge/materials') throw new Error(`unexpected ${path}`);
    const query = options?.query ?? {};
    const kind = query.kind ?? 'article';
    return [article, article2, whitepaper]
      .filter((m) => m.kind === kind)
      .filter((m) => !query.q || m.title.toLowerCase().includes(query.q.toLowerCase()))
      .filter((m) => !query.category || m.category_id === query.category)
      .filter((m) => !query.tag || m.tags.some((t) => t.id === query.tag))
      .map(transform);
  });
}

function queries(): Query[] {
  return api.get.mock.calls.map((call) => (call[1] as { query?: Query } | undefined)?.query ?? {});
}

const routes = [
  { path: '/knowledge-hub', element: <KnowledgeHubPage /> },
  { path: '/knowledge-hub/:id', element: <p>Detail page</p> },
  { path: '/login', element: <p>Login page</p> },
];

describe('KnowledgeHubPage', () => {
  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
  });
  afterEach(() => vi.useRealTimers());

  it('lists articles with their meta and counts, and the tabs switch to whitepapers', async () => {
    setMockSession(fakeSession());
    serveMaterials();
    const user = userEvent.setup();
    renderRoutes(routes, '/knowledge-hub');

    const list = await screen.findByRole('list', { name: 'Articles' });
    expect(within(list).getByRole('link', { name: 'Rail Grinding Strategies' })).toHaveAttribute('href', '/knowledge-hub/m-1');
    expect(within(list).getByText('Featured')).toBeInTheDocument();
    expect(within(list).getAllByText('Ada Lovelace')).toHaveLength(2);
    const categories = screen.getByRole('region', { name: 'Categories' });
    expect(within(categories).getByRole('button', { name: /Track Engineering/ })).toBeInTheDocument();
    const tags = screen.getByRole('region', { name: 'Popular Tags' });
    expect(within(tags).getByRole('button', { name: /#rail\s*2 items/ })).toBeInTheDocument();
    expect(screen.queryByText('Sign in to continue')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Whitepapers' }));
    const papers = await screen.findByRole('list', { name: 'Whitepapers' });
    expect(within(papers).getByRole('link', { name: 'Signalling Migration Whitepaper' })).toBeInTheDocument();
    expect(screen.queryByText('Rail Grinding Strategies')).not.toBeInTheDocument();
    expect(queries()).toContainEqual({ kind: 'whitepaper' });
    expect(queries()).toContainEqual({ kind: 'article' });
  });

  it('sends the search as q once typing pauses', async () => {
    setMockSession(fakeSession());
    serveMaterials();
    const user = userEvent.setup();
    renderRoutes(routes, '/knowledge-hub');
    await screen.findByText('Ballast Cleaning');

    await user.type(screen.getByRole('searchbox', { name: 'Search the knowledge hub' }), 'ballast');
    await waitFor(() => expect(screen.queryByText('Rail Grinding Strategies')).not.toBeInTheDocument());
    expect(screen.getByText('Ballast Cleaning')).toBeInTheDocument();
    expect(queries()).toContainEqual({ q: 'ballast', kind: 'article' });
    // Debounced: no request for a partial word.
    expect(queries()).not.toContainEqual({ q: 'b', kind: 'article' });
  });

  it('filters by category from the side panel and the Filter sheet', async () => {
    setMockSession(fakeSession());
    serveMaterials();
    const user = userEvent.setup();
    renderRoutes(routes, '/knowledge-hub');
    await screen.findByText('Ballast Cleaning');

    await user.click(within(screen.getByRole('region', { name: 'Categories' })).getByRole('button', { name: /Geotechnical/ }));
    await waitFor(() => expect(screen.queryByText('Rail Grinding Strategies')).not.toBeInTheDocument());
    expect(queries()).toContainEqual({ category: 'cat-geo', kind: 'article' });

    await user.click(screen.getByRole('button', { name: /Filter/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter' });
    await user.selectOptions(within(dialog).getByLabelText('Tag'), 'tag-ballast');
    await waitFor(() => expect(queries()).toContainEqual({ category: 'cat-geo', tag: 'tag-ballast', kind: 'article' }));
  });

  it('shows guests the previews and a Sign in to continue link that carries the current path', async () => {
    serveMaterials(previewOf);
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/knowledge-hub?kind=whitepaper');

    expect(await screen.findByText('Signalling Migration Whitepaper')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Sign in to continue' });
    expect(link).toHaveAttribute('href', '/login');
    await user.click(link);
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/knowledge-hub', search: '?kind=whitepaper' },
      redirectAfterLogin: '/knowledge-hub?kind=whitepaper',
    });
  });

  /** The browser's query cache (main.tsx's) holding what the server rendered the page at `url` with: a guest's previews. */
  function renderedWith(url: string) {
    const client = createQueryClient();
    const all = [article, article2, whitepaper].map(previewOf);
    const reads = hubReads(new URL(url, 'http://localhost').searchParams);
    // The server answers each read as the API would; here only the kind matters.
    seedQueries(
      client,
      reads.map((read) => ({
        queryKey: read.queryKey,
        data: all.filter((m) => m.kind === (new URL(read.path, 'http://localhost').searchParams.get('kind') ?? 'article')),
      })),
    );
    return client;
  }

  it('shows a guest the page it was rendered with, without reading the lists again', async () => {
    serveMaterials(previewOf);
    renderRoutes(routes, '/knowledge-hub?kind=whitepaper', renderedWith('/knowledge-hub?kind=whitepaper'));

    // At once: the lists were rendered with the data, not after reading it.
    const papers = screen.getByRole('list', { name: 'Whitepapers' });
    expect(within(papers).getByRole('link', { name: 'Signalling Migration Whitepaper' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to continue' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // Once the session is known (none), nothing is read again.
    await waitFor(() => expect(screen.getByRole('complementary', { name: 'Sign in to continue' })).not.toHaveClass('stored-session:hidden'));
    expect(api.get).not.toHaveBeenCalled();
  });

  it("hides the guests' prompt from a visitor with a stored session, and shows their own list in the cards' place", async () => {
    setMockSession(fakeSession());
    serveMaterials();
    renderRoutes(routes, '/knowledge-hub', renderedWith('/knowledge-hub'));

    // Before the session is known, the page is the guests' one, but the prompt is hidden for a stored session.
    expect(screen.getByRole('link', { name: 'Rail Grinding Strategies' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Sign in to continue' })).toHaveClass('stored-session:hidden');

    // Signed in: the prompt never shows, not even while the previews wait for the member's list.
    await waitFor(() => expect(queries()).toContainEqual({ kind: 'article' }));
    expect(screen.queryByRole('complementary', { name: 'Sign in to continue' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rail Grinding Strategies' })).toBeInTheDocument();
  });
});
