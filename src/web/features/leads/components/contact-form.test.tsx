import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../../shared/errors';
import { messages } from '../../../../shared/messages';
import { api, mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { resetAuthMock } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { ContactPage } from './contact-page';

vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));
vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));

const routes = [{ path: '/contact', element: <ContactPage /> }];

function config(embeds: { contactForm: string | null } = { contactForm: null }) {
  return { signupEnabled: false, externalUrls: {}, site: { contact: { email: 'hello@trackside.example', phone: '+61 3 9000 0000' }, embeds } };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
  await user.type(screen.getByLabelText('Company (optional)'), 'Analytical Rail');
  await user.type(screen.getByLabelText('Message'), 'We need help with a CWR plan.');
}

describe('ContactPage', () => {
  beforeEach(() => {
    resetApiMock();
    resetAuthMock();
    mockApiGet({ '/config': config() });
  });

  it('shows the three claims and the configured contact details', async () => {
    renderRoutes(routes, '/contact');
    expect(screen.getByRole('heading', { name: 'Contact us', level: 1 })).toBeInTheDocument();
    for (const claim of ['Railway engineering experts', '24/7 support', 'Proven track record']) expect(screen.getByText(claim)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'hello@trackside.example' })).toHaveAttribute('href', 'mailto:hello@trackside.example');
  });

  it('shows the spec messages for an empty form, focuses the first invalid field and sends nothing', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/contact');
    await user.click(await screen.findByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(messages.leads.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.validation.invalidEmail)).toBeInTheDocument();
    expect(screen.getByText(messages.leads.messageRequired)).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(messages.leads.nameRequired);
    expect(name).toHaveFocus();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('sends a valid request to POST /api/leads and confirms it', async () => {
    const user = userEvent.setup();
    api.post.mockResolvedValue({ received: true });
    renderRoutes(routes, '/contact');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const status = await screen.findByRole('status');
    expect(within(status).getByText(messages.leads.contactReceived)).toBeInTheDocument();
    expect(api.post).toHaveBeenCalledWith(
      '/leads',
      {
        kind: 'contact',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        company: 'Analytical Rail',
        role: null,
        message: 'We need help with a CWR plan.',
        website: undefined,
      },
      expect.objectContaining({ toast: false }),
    );
    expect(within(status).getByRole('heading', { name: 'Message sent' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(await screen.findByLabelText('Name')).toHaveValue('');
  });

  it('has a honeypot people cannot see or reach, and passes what a bot typed into it to the server', async () => {
    const user = userEvent.setup();
    api.post.mockResolvedValue({ received: true });
    const { container } = renderRoutes(routes, '/contact');
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    // Not in the accessibility tree: no textbox is named Website.
    expect(screen.queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument();

    await fillValid(user);
    await user.type(honeypot, 'http://spam.example');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText(messages.leads.contactReceived);
    expect(api.post).toHaveBeenCalledWith('/leads', expect.objectContaining({ website: 'http://spam.example' }), expect.anything());
  });

  it('shows the server field message of a 400, the rate-limit message of a 429, and a fallback when the network fails', async () => {
    const user = userEvent.setup();
    api.post
      .mockRejectedValueOnce(new AppError('validation_failed', 'Validation failed', 400, [{ path: 'body.email', message: 'That address cannot receive mail' }]))
      .mockRejectedValueOnce(new AppError('over_request_rate_limit', messages.leads.tooMany, 429))
      .mockRejectedValueOnce(new AppError('network_error', 'An unexpected error occurred', 0));
    renderRoutes(routes, '/contact');
    await fillValid(user);
    const send = screen.getByRole('button', { name: 'Send Message' });

    await user.click(send);
    expect(await screen.findByText('That address cannot receive mail')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await user.click(send);
    expect(await screen.findByText(messages.leads.tooMany)).toBeInTheDocument();

    await user.click(send);
    expect(await screen.findByText(/We couldn't send your request/)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('starts the message with the plan chosen on /pricing', async () => {
    renderRoutes(routes, { pathname: '/contact', state: { plan: 'Professional' } });
    await waitFor(() => expect(screen.getByLabelText('Message')).toHaveValue("I'm interested in the Professional plan."));
  });

  it('shows the configured external form in a 900 px frame with a 1000 px form instead of ours', async () => {
    mockApiGet({ '/config': config({ contactForm: 'https://forms.example.com/contact' }) });
    renderRoutes(routes, '/contact');
    const frame = await screen.findByTitle('Contact form');
    expect(frame).toHaveAttribute('src', 'https://forms.example.com/contact');
    expect(frame).toHaveAttribute('height', '1000');
    expect(frame.parentElement).toHaveStyle({ height: '900px' });
    expect(screen.queryByRole('button', { name: 'Send Message' })).not.toBeInTheDocument();
  });
});
