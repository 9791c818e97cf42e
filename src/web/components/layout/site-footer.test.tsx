import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApiGet, resetApiMock } from '../../test/api-client-mock';
import { resetAuthMock } from '../../test/auth-client-mock';
import { renderRoutes } from '../../test/render';
import { SiteFooter } from './site-footer';

vi.mock('../../lib/auth-client', () => import('../../test/auth-client-mock'));
vi.mock('../../lib/api-client', () => import('../../test/api-client-mock'));

const routes = [{ path: '/', element: <SiteFooter /> }];

describe('SiteFooter', () => {
  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
  });

  it('shows the current year and the configured contact details', async () => {
    mockApiGet({
      '/config': {
        site: { contact: { email: 'hello@trackside.example', phone: '+61 3 9000 0000', linkedinUrl: 'https://www.linkedin.com/company/trackside' } },
      },
    });
    renderRoutes(routes, '/');
    expect(await screen.findByRole('link', { name: /hello@trackside\.example/ })).toHaveAttribute('href', 'mailto:hello@trackside.example');
    expect(screen.getByRole('link', { name: /\+61 3 9000 0000/ })).toHaveAttribute('href', 'tel:+61390000000');
    const linkedIn = screen.getByRole('link', { name: /LinkedIn/ });
    expect(linkedIn).toHaveAttribute('href', 'https://www.linkedin.com/company/trackside');
    expect(linkedIn).toHaveAttribute('target', '_blank');
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} Trackside`))).toBeInTheDocument();
  });

  it('leaves the contact details out when none are configured', async () => {
    mockApiGet({ '/config': {} });
    renderRoutes(routes, '/');
    expect(await screen.findByRole('link', { name: 'About' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /LinkedIn/ })).not.toBeInTheDocument();
    expect(document.querySelector('address')).toBeNull();
  });
});
