import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { VitalSummary } from '../../../../shared/schemas/vitals';
import { mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { VitalsTab } from './vitals-tab';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

const renderTab = () => renderRoutes([{ path: '/admin', element: <VitalsTab /> }], '/admin');

describe('VitalsTab', () => {
  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
    setMockSession(fakeSession(), 'INITIAL_SESSION');
  });

  it('shows the 75th percentile of each metric per page with its rating', async () => {
    const rows: VitalSummary[] = [
      { page: '/', name: 'LCP', samples: 12, p75: 1830, rating: 'good' },
      { page: '/', name: 'CLS', samples: 12, p75: 0.14, rating: 'needs-improvement' },
      { page: '/pricing', name: 'INP', samples: 3, p75: 640, rating: 'poor' },
    ];
    mockApiGet({ '/admin/vitals': () => rows });
    renderTab();
    const table = await screen.findByRole('table', { name: 'Web vitals per page' });
    expect(within(table).getByRole('row', { name: /^\/ .*0\.140.*Needs improvement.*1,830 ms.*Good/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /\/pricing.*640 ms.*Poor.*3 visits/ })).toBeInTheDocument();
  });

  it('says when nothing has been measured yet', async () => {
    mockApiGet({ '/admin/vitals': () => [] });
    renderTab();
    expect(await screen.findByText(/No measurements yet/)).toBeInTheDocument();
  });
});
