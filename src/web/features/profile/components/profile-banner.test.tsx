import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../shared/constants';
import { mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { fakeSession, resetAuthMock, setMockSession } from '../../../test/auth-client-mock';
import { profileFixture } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { bannerMessage, ProfileBanner } from './profile-banner';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

function renderBanner() {
  return renderRoutes([{ path: '/chat', element: <ProfileBanner onCompleteProfile={() => undefined} /> }], '/chat');
}

function dismiss() {
  act(() => screen.getByRole('button', { name: 'Dismiss profile reminder' }).click());
}

function banner() {
  return screen.queryByRole('region', { name: 'Profile completion' });
}

describe('ProfileBanner', () => {
  beforeEach(() => {
    localStorage.clear();
    resetAuthMock();
    resetApiMock();
    setMockSession(fakeSession(), 'INITIAL_SESSION');
  });
  afterEach(() => vi.useRealTimers());

  it('has different messages at 80 % or more, 50 % or more, and below', () => {
    const high = bannerMessage(85).title;
    const mid = bannerMessage(65).title;
    const low = bannerMessage(25).title;
    expect(new Set([high, mid, low]).size).toBe(3);
    expect(bannerMessage(80).title).toBe(bannerMessage(99).title.replace('99', '80'));
    expect(bannerMessage(50).title).toBe(bannerMessage(79).title.replace('79', '50'));
  });

  it('is hidden for a complete profile', async () => {
    mockApiGet({
      '/profiles/me': profileFixture({ fullName: 'Ada Lovelace', companyName: 'Engines', jobTitle: 'Engineer', phoneNumber: '+61 3 9000 0000' }),
    });
    renderBanner();
    await act(async () => undefined);
    await new Promise((r) => setTimeout(r, 50));
    expect(banner()).not.toBeInTheDocument();
  });

  it('hides for 1, then 5, then 15 minutes on each dismissal, recording {count, timestamp}', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-07-01T10:00:00Z') });
    mockApiGet({ '/profiles/me': profileFixture({ fullName: 'Ada Lovelace' }) });
    renderBanner();
    expect(await screen.findByText('Your profile is 50% complete')).toBeInTheDocument();

    const schedule = [60_000, 300_000, 900_000, 900_000];
    for (const [index, delay] of schedule.entries()) {
      dismiss();
      expect(banner()).not.toBeInTheDocument();
      const record = JSON.parse(localStorage.getItem(STORAGE_KEYS.bannerDismissal) ?? '{}') as { count: number; timestamp: number };
      expect(record.count).toBe(index + 1);
      expect(record.timestamp).toBe(Date.now());

      act(() => vi.advanceTimersByTime(delay - 1_000));
      expect(banner()).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1_000));
      expect(banner()).toBeInTheDocument();
    }
  });

  it('stays hidden after a reload while the dismissal lasts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-07-01T10:00:00Z') });
    localStorage.setItem(STORAGE_KEYS.bannerDismissal, JSON.stringify({ count: 2, timestamp: Date.now() - 60_000 }));
    mockApiGet({ '/profiles/me': profileFixture() });
    renderBanner();
    await act(async () => vi.advanceTimersByTime(100));
    expect(banner()).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(240_000));
    expect(await screen.findByText('Complete your profile (25%)')).toBeInTheDocument();
  });
});
