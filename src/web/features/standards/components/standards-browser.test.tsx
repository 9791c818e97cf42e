import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SectionSummary, StandardSummary } from '../../../../shared/schemas/standards';
import { mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { resetAuthMock } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { StandardsBrowser } from './standards-browser';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

const standards: StandardSummary[] = [{ code: '49 CFR', name: '49 CFR', jurisdiction: 'United States', enabled: true, clauseCount: 4 }];
const part213 = { id: 'd-213', title: 'Part 213', edition: '2025' };
const part234 = { id: 'd-234', title: 'Part 234', edition: '2025' };
const sections: SectionSummary[] = [
  { section: '213.1', heading: 'Scope of part.', subpart: 'A', document: part213 },
  { section: '213.53', heading: 'Gage.', subpart: 'D', document: part213 },
  { section: '234.1', heading: 'Scope.', subpart: 'A', document: part234 },
];

const routes = [
  { path: '/standards', element: <StandardsBrowser /> },
  { path: '/standards/:code', element: <StandardsBrowser /> },
];

describe('StandardsBrowser', () => {
  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
    mockApiGet({
      '/standards': standards,
      '/standards/49%20CFR/sections': sections,
      '/standards/49%20CFR/sections/213.53': { section: '213.53', heading: 'Gage.', clauses: [] },
    });
  });

  it("lists the documents closed, and renders a document's sections once it is opened", async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/standards');
    const tree = await screen.findByRole('list', { name: 'Documents' });
    expect(within(tree).getByText('Part 213')).toBeInTheDocument();
    expect(within(tree).getByText('Part 234')).toBeInTheDocument();
    // Closed: their sections are not rendered at all.
    expect(screen.queryByRole('link', { name: /213\.53/ })).not.toBeInTheDocument();

    await user.click(within(tree).getByText('Part 213'));
    expect(await screen.findByRole('link', { name: /213\.53\s*Gage\./ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /234\.1/ })).not.toBeInTheDocument();

    // A search opens every document it matches.
    await user.type(screen.getByRole('searchbox', { name: 'Search sections' }), 'scope');
    expect(await screen.findByRole('link', { name: /234\.1\s*Scope\./ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /213\.1\s*Scope of part\./ })).toBeInTheDocument();
  });

  it('opens the document of the section shown', async () => {
    renderRoutes(routes, '/standards/49%20CFR?section=213.53');
    expect(await screen.findByRole('link', { name: /213\.53\s*Gage\./ })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: /234\.1/ })).not.toBeInTheDocument();
  });
});
