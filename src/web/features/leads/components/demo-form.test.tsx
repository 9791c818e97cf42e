import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages';
import { api, mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { resetAuthMock } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { RequestDemoPage } from './request-demo-page';

vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));
vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));

const routes = [{ path: '/request-demo', element: <RequestDemoPage /> }];

function isoDate(daysFromToday: number): string {
  return new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);
}

function config(demoForm: string | null = null) {
  return { signupEnabled: false, externalUrls: {}, site: { contact: {}, embeds: { contactForm: null, demoForm } } };
}

describe('RequestDemoPage', () => {
  beforeEach(() => {
    resetApiMock();
    resetAuthMock();
    mockApiGet({ '/config': config() });
  });

  it('has the title and its links', async () => {
    renderRoutes(routes, '/request-demo');
    expect(screen.getByRole('heading', { name: 'Request a Demo', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Flyer' })).toHaveAttribute('href', '/flyer');
    expect(screen.getByRole('link', { name: 'Visit Website' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contact Us Directly' })).toHaveAttribute('href', '/contact');
  });

  it('sends a demo request with the date and team size; blank optional fields go as null', async () => {
    const user = userEvent.setup();
    api.post.mockResolvedValue({ received: true });
    renderRoutes(routes, '/request-demo');
    await user.type(await screen.findByLabelText('Name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Preferred date (optional)'), isoDate(7));
    await user.selectOptions(screen.getByLabelText('Team size (optional)'), '6-20');
    await user.click(screen.getByRole('button', { name: 'Request Demo' }));

    expect(await screen.findByText(messages.leads.demoReceived)).toBeInTheDocument();
    expect(api.post).toHaveBeenCalledWith(
      '/leads',
      {
        kind: 'demo',
        name: 'Grace Hopper',
        email: 'grace@example.com',
        company: null,
        role: null,
        message: null,
        preferredDate: isoDate(7),
        teamSize: '6-20',
        website: undefined,
      },
      expect.anything(),
    );
  });

  it('sends no date or team size when none is chosen, and needs no message', async () => {
    const user = userEvent.setup();
    api.post.mockResolvedValue({ received: true });
    renderRoutes(routes, '/request-demo');
    await user.type(await screen.findByLabelText('Name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Request Demo' }));
    await screen.findByText(messages.leads.demoReceived);
    expect(api.post).toHaveBeenCalledWith('/leads', expect.objectContaining({ preferredDate: null, teamSize: null }), expect.anything());
  });

  it('refuses a date in the past, with the message on the field', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/request-demo');
    await user.type(await screen.findByLabelText('Name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Preferred date (optional)'), '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Request Demo' }));
    const date = screen.getByLabelText('Preferred date (optional)');
    expect(await screen.findByText(messages.leads.preferredDatePast)).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveFocus();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('shows the configured external form in an 800 px frame instead of ours', async () => {
    mockApiGet({ '/config': config('https://forms.example.com/demo') });
    renderRoutes(routes, '/request-demo');
    const frame = await screen.findByTitle('Demo request form');
    expect(frame).toHaveAttribute('src', 'https://forms.example.com/demo');
    expect(frame).toHaveAttribute('height', '800');
    expect(screen.queryByRole('button', { name: 'Request Demo' })).not.toBeInTheDocument();
  });
});
