import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { materialFixture, previewOf } from '../test/fixtures';
import { MaterialDetailPage } from './material-detail-page';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

const routes = [
  { path: '/knowledge-hub/:id', element: <MaterialDetailPage /> },
  { path: '/login', element: <p>Login page</p> },
];

describe('MaterialDetailPage', () => {
  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
  });

  it('renders the content as markdown and never raw HTML', async () => {
    setMockSession(fakeSession());
    const content =
      '## Why grind\n\nGrinding **removes** defects.\n\n<script>window.__pwned = true</script>\n\n<b>raw bold</b>\n\n| A | B |\n|---|---|\n| 1 | 2 |';
    mockApiGet({ '/knowledge/materials/m-1': materialFixture({ content }) });
    const { container } = renderRoutes(routes, '/knowledge-hub/m-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Rail Grinding Strategies' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Why grind' })).toBeInTheDocument();
    expect(screen.getByText('removes').tagName).toBe('STRONG');
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined();
    expect(screen.queryByText('Sign in to continue')).not.toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/knowledge/materials/m-1', expect.anything());
  });

  it('offers signed-in users the whitepaper through a download link, never with their access token', async () => {
    setMockSession(fakeSession());
    mockApiGet({
      '/knowledge/materials/w-1': materialFixture({ id: 'w-1', kind: 'whitepaper', file_url: '/storage/podcasts/documents/w-1.pdf' }),
      '/uploads/download-link': { url: '/storage/podcasts/documents/w-1.pdf?download=signed-for-this-file', expires_at: 1_900_000_000 },
    });
    renderRoutes(routes, '/knowledge-hub/w-1');

    const link = await screen.findByRole('link', { name: 'Download whitepaper' });
    expect(link).toHaveAttribute('href', '/storage/podcasts/documents/w-1.pdf?download=signed-for-this-file');
    expect(link.getAttribute('href')).not.toContain('access-token');
    expect(api.get).toHaveBeenCalledWith('/uploads/download-link', expect.objectContaining({ query: { url: '/storage/podcasts/documents/w-1.pdf' } }));
  });

  it('shows guests the abstract and Sign in to continue, without content or download', async () => {
    mockApiGet({
      '/knowledge/materials/w-1': previewOf(materialFixture({ id: 'w-1', kind: 'whitepaper', file_url: '/api/files/w-1.pdf' })),
    });
    renderRoutes(routes, '/knowledge-hub/w-1');

    expect(await screen.findByText('How grinding extends rail life.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to continue' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Download whitepaper' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Why grind' })).not.toBeInTheDocument();
  });
});
