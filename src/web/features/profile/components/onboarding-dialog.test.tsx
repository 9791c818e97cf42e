import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../shared/constants';
import { api, mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { profileFixture } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { OnboardingDialog } from './onboarding-dialog';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

function renderDialog() {
  return renderRoutes([{ path: '/chat', element: <OnboardingDialog /> }], '/chat');
}

describe('OnboardingDialog', () => {
  beforeEach(() => {
    localStorage.clear();
    resetAuthMock();
    resetApiMock();
    setMockSession(fakeSession(), 'INITIAL_SESSION');
    mockApiGet({ '/profiles/me': profileFixture() });
  });

  it('walks through the three steps with Back, Skip for now and Next, and is shown only once', async () => {
    const user = userEvent.setup();
    const first = renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Complete Your Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByRole('dialog', { name: 'Professional Details' })).toBeInTheDocument();
    expect(screen.getByLabelText('Company name')).toBeInTheDocument();
    expect(screen.getByLabelText('Job title')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Complete Your Profile' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('dialog', { name: 'Contact Information' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.onboardingCompleted)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem(STORAGE_KEYS.onboardingCompleted)).not.toBeNull();
    expect(api.patch).not.toHaveBeenCalled();

    first.unmount();
    renderDialog();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('saves each step through PATCH /api/profiles/me and validates the full name', async () => {
    const user = userEvent.setup();
    api.patch.mockImplementation(async (_path: string, body: Record<string, string>) => profileFixture({ fullName: 'Ada Lovelace', ...body }));
    renderDialog();
    await screen.findByRole('dialog', { name: 'Complete Your Profile' });
    await user.type(screen.getByLabelText('Full name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please enter your first and last name')).toBeInTheDocument();
    expect(api.patch).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Full name'), ' Lovelace');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // The dialog stays open although the profile's required fields are now complete.
    expect(await screen.findByRole('dialog', { name: 'Professional Details' })).toBeInTheDocument();
    expect(api.patch).toHaveBeenCalledWith('/profiles/me', { fullName: 'Ada Lovelace' }, expect.anything());

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('Phone number'), '+61 3 9000 0000');
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.patch).toHaveBeenLastCalledWith('/profiles/me', { phoneNumber: '+61 3 9000 0000' }, expect.anything());
    expect(localStorage.getItem(STORAGE_KEYS.onboardingCompleted)).not.toBeNull();
  });

  it("clears a field's message as it is corrected, without waiting for the field to be left", async () => {
    const user = userEvent.setup();
    renderDialog();
    await screen.findByRole('dialog', { name: 'Complete Your Profile' });
    const fullName = screen.getByLabelText('Full name');
    await user.type(fullName, 'Ada');
    await user.tab();
    expect(await screen.findByText('Please enter your first and last name')).toBeInTheDocument();
    await user.click(fullName);
    await user.type(fullName, ' Lovelace');
    expect(fullName).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fullName).not.toHaveAttribute('aria-invalid');
  });

  it('is not shown when the flag is set or no required field is missing', async () => {
    localStorage.setItem(STORAGE_KEYS.onboardingCompleted, 'true');
    const first = renderDialog();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();

    localStorage.clear();
    mockApiGet({ '/profiles/me': profileFixture({ fullName: 'Ada Lovelace' }) });
    renderDialog();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes at once and sets the flag when no step applies', async () => {
    // Only the e-mail is missing: required, yet no onboarding step asks for it.
    mockApiGet({
      '/profiles/me': profileFixture({ fullName: 'Ada Lovelace', email: null, companyName: 'Engines', jobTitle: 'Engineer', phoneNumber: '+61 3 9000 0000' }),
    });
    renderDialog();
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.onboardingCompleted)).not.toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
