import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { LocationProbe, probedState } from '../test/location-probe';
import { DisciplinesSection } from './disciplines-section';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

const routes = [
  { path: '/', element: <DisciplinesSection /> },
  { path: '/chat', element: <LocationProbe name="Chat" /> },
  { path: '/login', element: <LocationProbe name="Login" /> },
];

describe('DisciplinesSection', () => {
  beforeEach(() => resetAuthMock());

  it('shows six disciplines, only Track & Civil available, the others dimmed and inert', async () => {
    renderRoutes(routes, '/');
    const section = await screen.findByRole('region', { name: 'Expertise across railway disciplines' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(6);
    expect(within(section).getAllByRole('link')).toHaveLength(1);
    expect(within(section).getAllByText('Coming Soon')).toHaveLength(5);
    for (const title of ['Structures', 'Signaling', 'Electrical', 'Operation & Train Controls', 'Good Practices']) {
      expect(within(section).getByRole('heading', { name: title }).closest('a')).toBeNull();
    }
  });

  it('signed out: shows the hint and goes to /login with the discipline and redirectAfterLogin', async () => {
    setMockSession(null);
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    const card = await screen.findByRole('link', { name: /Track & Civil/ });
    expect(card).toHaveTextContent('Sign in to access');
    await user.click(card);
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(probedState(screen.getByTestId('location-state'))).toEqual({ selectedDiscipline: 'Track and Civil', redirectAfterLogin: '/chat' });
  });

  it('signed in: no hint, and goes to /chat with the discipline', async () => {
    setMockSession(fakeSession());
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    const card = await screen.findByRole('link', { name: /Start a consultation/ });
    expect(card).not.toHaveTextContent('Sign in to access');
    await user.click(card);
    expect(await screen.findByText('Chat page')).toBeInTheDocument();
    expect(probedState(screen.getByTestId('location-state'))).toEqual({ selectedDiscipline: 'Track and Civil' });
  });
});
