import { isAuthApiError, type AuthError } from '@supabase/auth-js';
import { useEffect, useState } from 'react';
import { ErrorCode } from '../../../../shared/errors';
import { messages } from '../../../../shared/messages';
import { auth } from '../../../lib/auth-client';

/** The e-mailed links that open a session on a page: a password reset, an invitation or a change of e-mail (issue 19). */
export type LinkType = 'recovery' | 'invite' | 'email_change';

export type RecoveryParams =
  | { kind: 'session'; accessToken: string; refreshToken: string }
  | { kind: 'token'; tokenHash: string }
  | { kind: 'error'; code: string | null; description: string | null }
  | { kind: 'wrong-type' }
  | { kind: 'none' };

export type RecoveryState = { status: 'checking' } | { status: 'ready' } | { status: 'invalid'; message: string } | { status: 'expired'; message: string };

/**
 * Reads the recovery link from a location's hash and query. Both reset pages of SPEC §2
 * (/account/reset-password, where recovery e-mails land, and /reset-password) accept every form
 * of link: a session in the hash, or a `token` in the query exchanged with verifyOtp. The
 * invitation page reads its links the same way, with `type` 'invite'.
 */
export function parseRecoveryParams(hash: string, search: string, type: LinkType = 'recovery'): RecoveryParams {
  const fragment = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const query = new URLSearchParams(search);
  const errorCode = fragment.get('error_code') ?? query.get('error_code');
  const error = fragment.get('error') ?? query.get('error');
  if (errorCode || error) {
    return { kind: 'error', code: errorCode, description: fragment.get('error_description') ?? query.get('error_description') };
  }
  const accessToken = fragment.get('access_token');
  if (accessToken) {
    if (fragment.get('type') !== type) return { kind: 'wrong-type' };
    return { kind: 'session', accessToken, refreshToken: fragment.get('refresh_token') ?? '' };
  }
  const token = query.get('token') ?? query.get('token_hash');
  if (token) return { kind: 'token', tokenHash: token };
  return { kind: 'none' };
}

const r = messages.reset;
const u = messages.users;
const e = messages.emailChange;

/** What each kind of link's page says when it cannot open a session. */
const TEXTS: Record<LinkType, { noToken: string; invalidLink: string; invalidToken: string; expired: string }> = {
  recovery: { noToken: r.noToken, invalidLink: r.invalidOrExpiredLink, invalidToken: r.invalidOrExpiredToken, expired: r.linkExpired },
  invite: { noToken: u.invitationNoToken, invalidLink: u.invitationInvalid, invalidToken: u.invitationInvalid, expired: u.invitationUsed },
  email_change: { noToken: e.linkInvalid, invalidLink: e.linkInvalid, invalidToken: e.linkInvalid, expired: e.linkInvalid },
};

function isExpired(error: Pick<AuthError, 'code'> | { code?: string | undefined }): boolean {
  return error.code === ErrorCode.otpExpired;
}

function stateFromError(error: AuthError, fallback: string, type: LinkType): RecoveryState {
  if (isExpired(error)) return { status: 'expired', message: TEXTS[type].expired };
  // The service's messages are shown as received (SPEC §8 Reset page messages); the client
  // library's own ("Auth session missing!" for a link without a refresh token) are not the
  // service's and mean only that the link is broken.
  return { status: 'invalid', message: (isAuthApiError(error) && error.message) || fallback };
}

async function establish(params: RecoveryParams, type: LinkType): Promise<RecoveryState> {
  const text = TEXTS[type];
  switch (params.kind) {
    case 'none':
      return { status: 'invalid', message: text.noToken };
    case 'wrong-type':
      return { status: 'invalid', message: text.invalidLink };
    case 'error':
      if (params.code === ErrorCode.otpExpired) return { status: 'expired', message: text.expired };
      return { status: 'invalid', message: params.description || text.invalidLink };
    case 'session': {
      const { data, error } = await auth.setSession({ access_token: params.accessToken, refresh_token: params.refreshToken });
      if (error) return stateFromError(error, text.invalidLink, type);
      return data.session ? { status: 'ready' } : { status: 'invalid', message: text.invalidLink };
    }
    case 'token': {
      const { data, error } = await auth.verifyOtp({ token_hash: params.tokenHash, type });
      if (error) return stateFromError(error, text.invalidToken, type);
      return data.session ? { status: 'ready' } : { status: 'invalid', message: text.invalidToken };
    }
  }
}

/**
 * One exchange per link: a recovery token is single-use, and StrictMode runs effects
 * twice, so both runs share the same promise.
 */
const pending = new Map<string, Promise<RecoveryState>>();

function establishOnce(params: RecoveryParams, type: LinkType): Promise<RecoveryState> {
  const key = JSON.stringify([type, params]);
  let promise = pending.get(key);
  if (!promise) {
    promise = establish(params, type).catch(() => ({ status: 'invalid', message: TEXTS[type].invalidToken }) as RecoveryState);
    pending.set(key, promise);
    // StrictMode's second run starts before the first settles; afterwards a new visit asks again.
    void promise.finally(() => pending.delete(key));
  }
  return promise;
}

/** Turns the link the page was opened with into a recovery (or invitation) session, or the reason why not. */
export function useRecoverySession(params: RecoveryParams, type: LinkType = 'recovery'): RecoveryState {
  const [state, setState] = useState<RecoveryState>({ status: 'checking' });
  useEffect(() => {
    let active = true;
    void establishOnce(params, type).then((next) => {
      if (active) setState(next);
    });
    return () => {
      active = false;
    };
  }, [params, type]);
  return state;
}
