import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../../shared/errors';
import { api, mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { profileFixture } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { ProfileForm } from './profile-form';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

function renderForm() {
  return renderRoutes([{ path: '/profile', element: <ProfileForm /> }], '/profile');
}

function sectionButton(name: RegExp) {
  return screen.getByRole('button', { name });
}

describe('ProfileForm', () => {
  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
    setMockSession(fakeSession(), 'INITIAL_SESSION');
    mockApiGet({ '/profiles/me': profileFixture() });
  });

  it('opens sections progressively: later ones stay locked until the personal fields are valid', async () => {
    const user = userEvent.setup();
    renderForm();
    const fullName = await screen.findByLabelText('Full name *');
    expect(screen.getByLabelText('Email *')).toHaveValue('ada.lovelace@example.com');
    expect(sectionButton(/Professional details/)).toBeDisabled();
    expect(sectionButton(/Contact information/)).toBeDisabled();
    expect(screen.queryByLabelText('Company name')).not.toBeInTheDocument();

    await user.type(fullName, 'Ada');
    expect(screen.queryByLabelText('Company name')).not.toBeInTheDocument();
    await user.type(fullName, ' Lovelace');
    expect(sectionButton(/Professional details/)).toBeEnabled();
    expect(sectionButton(/Professional details/)).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Company name')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toBeInTheDocument();

    // Emptying a required field closes the later sections again.
    await user.clear(fullName);
    expect(screen.queryByLabelText('Company name')).not.toBeInTheDocument();
    expect(sectionButton(/Professional details/)).toBeDisabled();
  });

  it('validates on blur with the spec messages and keeps Save disabled until valid', async () => {
    const user = userEvent.setup();
    renderForm();
    const fullName = await screen.findByLabelText('Full name *');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.type(fullName, 'Ada');
    expect(screen.queryByText('Please enter your first and last name')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Please enter your first and last name')).toBeInTheDocument();
    expect(fullName).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();

    await user.clear(fullName);
    await user.tab();
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();

    await user.type(fullName, 'Ada Lovelace');
    await user.tab();
    await waitFor(() => expect(screen.queryByText('Full name is required')).not.toBeInTheDocument());

    await user.type(screen.getByLabelText('Phone number'), 'call me');
    await user.tab();
    expect(await screen.findByText('Phone number should be between 6-20 characters and can only contain digits, +, -, and spaces')).toBeInTheDocument();
    await waitFor(() => expect(save).toBeDisabled());

    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '+61 3 9000 0000');
    await user.tab();
    await waitFor(() => expect(save).toBeEnabled());
  });

  it('re-checks a field as the user corrects it, so Save enables without leaving the field', async () => {
    const user = userEvent.setup();
    renderForm();
    const fullName = await screen.findByLabelText('Full name *');
    const save = screen.getByRole('button', { name: 'Save' });
    await user.type(fullName, 'Ada');
    await user.tab();
    expect(await screen.findByText('Please enter your first and last name')).toBeInTheDocument();

    await user.click(fullName);
    await user.type(fullName, ' Lovelace');
    // Still focused: the message has gone and Save is enabled before any blur.
    expect(fullName).toHaveFocus();
    // The message's line stays (invisible, hidden from assistive technology): nothing moves.
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    await waitFor(() => expect(save).toBeEnabled());
  });

  it('saves through PATCH /api/profiles/me and toasts', async () => {
    const user = userEvent.setup();
    const toastSuccess = vi.spyOn(toast, 'success');
    api.patch.mockImplementation(async (_path: string, body: Record<string, string | null>) => profileFixture({ ...body }));
    renderForm();
    await user.type(await screen.findByLabelText('Full name *'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Company name'), 'Analytical Engines');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Profile Updated', { description: 'Your profile has been updated successfully' }));
    expect(api.patch).toHaveBeenCalledWith(
      '/profiles/me',
      expect.objectContaining({ fullName: 'Ada Lovelace', companyName: 'Analytical Engines', jobTitle: null, phoneNumber: null }),
      expect.anything(),
    );
  });

  it("toasts 'Failed to update profile' when saving fails", async () => {
    const user = userEvent.setup();
    const toastError = vi.spyOn(toast, 'error');
    api.patch.mockRejectedValue(new AppError('unexpected_failure', 'Boom', 500));
    renderForm();
    await user.type(await screen.findByLabelText('Full name *'), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Error', { description: 'Failed to update profile' }));
  });
});
