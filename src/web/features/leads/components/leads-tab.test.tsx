import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lead } from '../../../../shared/schemas/leads';
import { api, resetApiMock } from '../../../test/api-client-mock';
import { resetAuthMock } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { LeadsTab } from './leads-tab';

vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));
vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));

const longMessage = `We maintain 400 km of track and want to check our inspection records against Part 213. ${'More detail. '.repeat(10)}`;

const LEADS: Lead[] = [
  {
    id: 'l2',
    kind: 'demo',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    company: 'Navy Rail',
    role: 'Chief Engineer',
    message: null,
    preferredDate: '2030-03-14',
    teamSize: '6-20',
    createdAt: '2026-05-02T10:00:00.000Z',
  },
  {
    id: 'l1',
    kind: 'contact',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    company: null,
    role: null,
    message: longMessage,
    preferredDate: null,
    teamSize: null,
    createdAt: '2026-05-01T09:00:00.000Z',
  },
];

function answer(leads: Lead[]) {
  api.get.mockImplementation(async (_path: string, options?: { query?: { kind?: string } }) => {
    const kind = options?.query?.kind;
    return leads.filter((lead) => !kind || lead.kind === kind);
  });
}

describe('LeadsTab', () => {
  beforeEach(() => {
    resetApiMock();
    resetAuthMock();
  });

  it('lists contact and demo requests with their details', async () => {
    const user = userEvent.setup();
    answer(LEADS);
    renderRoutes([{ path: '/admin', element: <LeadsTab /> }], '/admin');
    const table = await screen.findByRole('table', { name: 'Contact and demo requests' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const demo = rows[1]!;
    expect(within(demo).getByText('Demo')).toBeInTheDocument();
    expect(within(demo).getByRole('link', { name: 'grace@example.com' })).toHaveAttribute('href', 'mailto:grace@example.com');
    expect(within(demo).getByText('Navy Rail')).toBeInTheDocument();
    expect(within(demo).getByText('Chief Engineer')).toBeInTheDocument();
    expect(within(demo).getByText('6-20')).toBeInTheDocument();
    expect(within(demo).getByText(/2030/)).toBeInTheDocument();

    // A long message is folded; opening it shows all of it.
    const contact = rows[2]!;
    const summary = within(contact).getByText(/^We maintain 400 km.*…$/);
    expect(summary.textContent!.length).toBeLessThan(longMessage.length);
    expect(summary.closest('details')).not.toHaveAttribute('open');
    await user.click(summary);
    expect(summary.closest('details')).toHaveAttribute('open');
    expect(api.get).toHaveBeenCalledWith('/admin/leads', expect.objectContaining({ query: { kind: undefined } }));
  });

  it('filters by kind through the API', async () => {
    const user = userEvent.setup();
    answer(LEADS);
    renderRoutes([{ path: '/admin', element: <LeadsTab /> }], '/admin');
    await screen.findByRole('table', { name: 'Contact and demo requests' });
    await user.selectOptions(screen.getByLabelText('Kind'), 'contact');
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/admin/leads', expect.objectContaining({ query: { kind: 'contact' } })));
    const table = screen.getByRole('table', { name: 'Contact and demo requests' });
    await waitFor(() => expect(within(table).queryByText('Grace Hopper')).not.toBeInTheDocument());
    expect(within(table).getByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('also lists them as cards for phones', async () => {
    answer(LEADS);
    renderRoutes([{ path: '/admin', element: <LeadsTab /> }], '/admin');
    const cards = await screen.findByRole('list', { name: 'Contact and demo requests' });
    const [demo, contact] = within(cards).getAllByRole('listitem');
    expect(demo).toHaveTextContent('Grace Hopper');
    expect(demo).toHaveTextContent('Chief Engineer, Navy Rail');
    expect(within(contact!).getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');
  });

  it('says so when there are no requests', async () => {
    answer([]);
    renderRoutes([{ path: '/admin', element: <LeadsTab /> }], '/admin');
    expect(await screen.findByText('No requests yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
