import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { LocationProbe, probedState } from '../test/location-probe';
import { ConsultationForm } from './consultation-form';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

const routes = [
  { path: '/', element: <ConsultationForm /> },
  { path: '/chat', element: <LocationProbe name="Chat" /> },
  { path: '/login', element: <LocationProbe name="Login" /> },
];

describe('ConsultationForm', () => {
  beforeEach(() => {
    resetAuthMock();
    localStorage.clear();
  });
  afterEach(() => localStorage.clear());

  it('signed out: an empty question toasts and goes nowhere', async () => {
    setMockSession(null);
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    expect(await screen.findByText('You need to sign in to ask questions and get personalized answers')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your question'), '   ');
    await user.click(screen.getByRole('button', { name: 'Sign in to Ask Questions' }));
    expect(await screen.findByText('Question required')).toBeInTheDocument();
    expect(screen.getByText('Please enter your railway engineering question')).toBeInTheDocument();
    expect(localStorage.getItem('initialQuestion')).toBeNull();
    expect(screen.queryByText('Login page')).not.toBeInTheDocument();
  });

  it('signed out: a valid question is stored and the visitor goes to /login, then on to /chat', async () => {
    setMockSession(null);
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    await user.type(screen.getByLabelText('Your question'), '  What is the minimum curve radius?  ');
    await user.selectOptions(screen.getByLabelText('Discipline'), 'Structures');
    await user.click(screen.getByRole('button', { name: 'Sign in to Ask Questions' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(localStorage.getItem('initialQuestion')).toBe('What is the minimum curve radius?');
    expect(probedState(screen.getByTestId('location-state'))).toEqual({ selectedDiscipline: 'Structures', redirectAfterLogin: '/chat' });
  });

  it('signed in: the discipline defaults to Track and Civil and a valid question goes to /chat', async () => {
    setMockSession(fakeSession());
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    const button = await screen.findByRole('button', { name: 'Get Expert Guidance' });
    expect(screen.queryByText('You need to sign in to ask questions and get personalized answers')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Discipline')).toHaveValue('Track and Civil');
    await user.type(screen.getByLabelText('Your question'), 'Maximum cant on a 400 m curve?');
    await user.click(button);
    expect(await screen.findByText('Chat page')).toBeInTheDocument();
    expect(localStorage.getItem('initialQuestion')).toBe('Maximum cant on a 400 m curve?');
    expect(probedState(screen.getByTestId('location-state'))).toEqual({ selectedDiscipline: 'Track and Civil' });
  });

  it("reads 'Processing...' and is disabled while the next page loads", async () => {
    setMockSession(fakeSession());
    const user = userEvent.setup();
    let finishLoading: () => void = () => undefined;
    const slowChat = {
      path: '/chat',
      lazy: () =>
        new Promise<{ Component: () => ReactElement }>((resolve) => {
          finishLoading = () => resolve({ Component: () => <p>Chat page</p> });
        }),
    };
    renderRoutes([routes[0]!, slowChat], '/');
    await screen.findByRole('button', { name: 'Get Expert Guidance' });
    await user.type(screen.getByLabelText('Your question'), 'Ballast depth under sleepers?');
    await user.click(screen.getByRole('button', { name: 'Get Expert Guidance' }));
    const pending = await screen.findByRole('button', { name: 'Processing...' });
    expect(pending).toBeDisabled();
    finishLoading();
    expect(await screen.findByText('Chat page')).toBeInTheDocument();
  });
});
