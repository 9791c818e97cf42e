import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRICING_PLANS } from '../../../../shared/constants';
import { resetApiMock } from '../../../test/api-client-mock';
import { resetAuthMock } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { DISCIPLINE_PAGES } from '../content/discipline-pages';
import { AboutPage } from './about-page';
import { DisciplinePage } from './discipline-page';
import { DisciplinesPage } from './disciplines-page';
import { PricingPage } from './pricing-page';

vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));
vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));

const login = { path: '/login', element: <p>Login page</p> };

beforeEach(() => {
  resetApiMock();
  resetAuthMock();
});

describe('AboutPage', () => {
  it('has the hero, the services image with its size, the values, the technology and the four kinds of railway', () => {
    renderRoutes([{ path: '/about', element: <AboutPage /> }], '/about');
    expect(screen.getByRole('heading', { name: 'About the company', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/world's first AI-powered SaaS platform dedicated solely to the railway sector/)).toBeInTheDocument();
    const image = screen.getByRole('img');
    expect(image).toHaveAttribute('src', '/images/about/services.svg');
    expect(image).toHaveAttribute('width', '640');
    expect(image).toHaveAttribute('height', '440');
    for (const name of ['Our Core Values', 'Our Technology Advantage']) expect(screen.getByRole('heading', { name, level: 2 })).toBeInTheDocument();
    for (const name of [
      'Engineering Excellence',
      'Continuous Innovation',
      'Client Partnership',
      'Railway-Specific AI',
      'Real-Time Solutions',
      'Comprehensive Knowledge Base',
      'Technical Assurance',
      'Metro',
      'Regional',
      'High-Speed',
      'Freight',
    ]) {
      expect(screen.getByRole('heading', { name, level: 3 })).toBeInTheDocument();
    }
  });
});

describe('DisciplinesPage', () => {
  it('has the seven cards; an advisor button goes to /login with the redirect and the discipline', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '/disciplines', element: <DisciplinesPage /> }, login], '/disciplines');
    const titles = ['Track Engineering', 'Civil Structures', 'Geotechnical', 'Drainage', 'Signalling', 'Electrical Systems', 'Systems Engineering'];
    for (const title of titles) expect(screen.getByRole('button', { name: `Access ${title} Advisor` })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Access Signalling Advisor' }));
    await screen.findByText('Login page');
    expect(router.state.location.state).toEqual({ redirectAfterLogin: '/chat', selectedDiscipline: 'Signaling' });
  });
});

describe('DisciplinePage', () => {
  it.each(DISCIPLINE_PAGES.map((page) => [page.path, page] as const))('%s has its content, standards and advisor', async (path, page) => {
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path, element: <DisciplinePage /> }, login], path);
    expect(screen.getByRole('heading', { name: page.title, level: 1 })).toBeInTheDocument();
    for (const name of ['What the assistant helps with', 'Standards in the library', 'Questions engineers ask']) {
      expect(screen.getByRole('heading', { name, level: 2 })).toBeInTheDocument();
    }
    // Only 49 CFR parts the bundled library holds are named as loaded.
    for (const part of page.loadedParts) expect(part.name).toMatch(/^49 CFR Part (213|214|217|218|220|221|222|223|225|229|232|234|236|237)\b/);
    const firstRef = page.loadedParts[0]!.sections[0]!.ref;
    expect(screen.getByRole('link', { name: `§ ${firstRef}` })).toHaveAttribute('href', `/standards/49%20CFR/${encodeURIComponent(firstRef)}`);
    expect(screen.getByText('Not covered yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Access ${page.title} Advisor` }));
    await screen.findByText('Login page');
    expect(router.state.location.state).toEqual({ redirectAfterLogin: '/chat', selectedDiscipline: page.chatDiscipline });
  });

  it('lists Part 236 as loaded and is honest that non-US signalling standards are not', () => {
    renderRoutes([{ path: '/disciplines/signalling', element: <DisciplinePage /> }], '/disciplines/signalling');
    expect(screen.getByText(/^49 CFR Part 236: Signal and Train Control Systems/)).toBeInTheDocument();
    expect(screen.getByText(/Non-US signalling standards .* are not in the library yet/)).toBeInTheDocument();
  });
});

describe('PricingPage', () => {
  it('shows the three plans of SPEC §9, Professional as Most Popular, and contact links', () => {
    renderRoutes([{ path: '/pricing', element: <PricingPage /> }], '/pricing');
    expect(PRICING_PLANS.map((p) => [p.name, p.price])).toEqual([
      ['Basic', '$149'],
      ['Professional', '$349'],
      ['Enterprise', 'Custom pricing'],
    ]);
    const plans = screen.getAllByRole('listitem').filter((item) => item.getAttribute('aria-labelledby')?.startsWith('plan-'));
    expect(plans).toHaveLength(3);
    const professional = plans[1]!;
    expect(within(professional).getByText('Most Popular')).toBeInTheDocument();
    expect(within(professional).getByText('Unlimited sessions')).toBeInTheDocument();
    expect(within(plans[0]!).queryByText('Most Popular')).not.toBeInTheDocument();
    expect(within(plans[0]!).getByText('10 sessions per month')).toBeInTheDocument();
    expect(within(plans[2]!).getByRole('link', { name: /Contact Sales/ })).toHaveAttribute('href', '/contact');
  });
});
