import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { auth, fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { MfaCard } from './mfa-card';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

const verifiedFactor = {
  id: 'factor-1',
  friendly_name: 'Authenticator app',
  factor_type: 'totp',
  status: 'verified',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '',
};
const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);

describe('MfaCard', () => {
  let factors: (typeof verifiedFactor)[];

  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
    setMockSession(fakeSession(), 'INITIAL_SESSION');
    factors = [];
    auth.mfa.listFactors.mockImplementation(async () => ({ data: { all: structuredClone(factors), totp: [], phone: [], webauthn: [] }, error: null }));
    mockApiGet({ '/auth/mfa/recovery-codes': () => ({ remaining: 7 }) });
    vi.spyOn(toast, 'success').mockImplementation(() => 1);
    vi.spyOn(toast, 'error').mockImplementation(() => 1);
  });

  it('sets up the authenticator app: QR code and key, a code, then the recovery codes shown once', async () => {
    const user = userEvent.setup();
    auth.mfa.enroll.mockResolvedValue({
      data: {
        id: 'factor-1',
        type: 'totp',
        friendly_name: 'Authenticator app',
        totp: { qr_code: 'data:image/svg+xml;utf-8,<svg/>', secret: 'ABCDEFGHIJKLMNOP', uri: '' },
      },
      error: null,
    });
    auth.mfa.challengeAndVerify.mockImplementation(async () => {
      factors = [verifiedFactor];
      return { data: {}, error: null };
    });
    api.post.mockResolvedValue({ codes });
    renderRoutes([{ path: '/profile', element: <MfaCard /> }], '/profile');

    const card = screen.getByRole('region', { name: 'Two-factor authentication' });
    await user.click(await within(card).findByRole('button', { name: 'Set up authenticator app' }));
    expect(await within(card).findByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;utf-8,<svg/>',
    );
    expect(within(card).getByLabelText('Setup key')).toHaveTextContent('ABCDEFGHIJKLMNOP');

    await user.type(within(card).getByLabelText('Code from the app'), '654321');
    await user.click(within(card).getByRole('button', { name: 'Verify and turn on' }));
    const list = await within(card).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(auth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-1', code: '654321' });
    expect(api.post).toHaveBeenCalledWith('/auth/mfa/recovery-codes', undefined, expect.anything());

    await user.click(within(card).getByRole('button', { name: 'I have saved them' }));
    expect(await within(card).findByText('7 unused recovery codes left.')).toBeInTheDocument();
    expect(within(card).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('removes the app only after a code, and shows a wrong code', async () => {
    const user = userEvent.setup();
    factors = [verifiedFactor];
    auth.mfa.challengeAndVerify.mockResolvedValueOnce({ data: null, error: new Error('Invalid TOTP code entered') });
    renderRoutes([{ path: '/profile', element: <MfaCard /> }], '/profile');
    const card = screen.getByRole('region', { name: 'Two-factor authentication' });
    await user.click(await within(card).findByRole('button', { name: 'Remove Authenticator app' }));
    const field = within(card).getByLabelText('Code from the app, to remove it');
    await user.type(field, '111111');
    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Invalid TOTP code entered');
    expect(auth.mfa.unenroll).not.toHaveBeenCalled();

    auth.mfa.challengeAndVerify.mockResolvedValueOnce({ data: {}, error: null });
    auth.mfa.unenroll.mockImplementation(async () => {
      factors = [];
      return { data: { id: 'factor-1' }, error: null };
    });
    await user.clear(field);
    await user.type(field, '222222');
    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    expect(await within(card).findByText(/Two-factor authentication is off/)).toBeInTheDocument();
    expect(auth.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'factor-1' });
  });
});
