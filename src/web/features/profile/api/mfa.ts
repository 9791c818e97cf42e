import type { Factor } from '@supabase/auth-js';
import { useQuery } from '@tanstack/react-query';
import { recoveryCodesSchema, recoveryCodeStatusSchema } from '../../../../shared/schemas/mfa';
import { api } from '../../../lib/api-client';
import { loadAuth } from '../../../lib/load-auth';
import { useSession } from '../../../lib/session/use-session';

export const mfaKeys = {
  factors: (userId: string | undefined) => ['mfa', 'factors', userId] as const,
  recovery: (userId: string | undefined) => ['mfa', 'recovery', userId] as const,
};

/** Throws auth-js's error, so callers handle one failure path. */
function unwrap<T>(result: { data: T | null; error: Error | null }): T {
  if (result.error) throw result.error;
  if (result.data === null) throw new Error('No answer from the server');
  return result.data;
}

/** The user's factors, verified or not (auth-js `mfa.listFactors`, from GET /api/auth/user). */
export async function listFactors(): Promise<Factor[]> {
  return unwrap(await (await loadAuth()).mfa.listFactors()).all;
}

export function useFactors() {
  const { user } = useSession();
  return useQuery({ queryKey: mfaKeys.factors(user?.id), queryFn: listFactors, enabled: Boolean(user), retry: false });
}

/** Starts a TOTP enrolment: the QR code (a data URI) and secret, shown this once. */
export async function enrollTotp() {
  const data = unwrap(await (await loadAuth()).mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator app' }));
  if (data.type !== 'totp') throw new Error('Unexpected factor type');
  return data;
}

/** Challenges the factor and verifies the code: the session is raised to aal2 (and the factor verified on its first code). */
export async function verifyCode(factorId: string, code: string): Promise<void> {
  unwrap(await (await loadAuth()).mfa.challengeAndVerify({ factorId, code }));
}

export async function unenrollFactor(factorId: string): Promise<void> {
  unwrap(await (await loadAuth()).mfa.unenroll({ factorId }));
}

/** `POST /api/auth/mfa/recovery-codes`: a new set, shown this once; the old set stops working. */
export async function regenerateRecoveryCodes(): Promise<string[]> {
  return (await api.post('/auth/mfa/recovery-codes', undefined, { schema: recoveryCodesSchema, toast: false })).codes;
}

export function useRecoveryCodeCount(enabled: boolean) {
  const { user } = useSession();
  return useQuery({
    queryKey: mfaKeys.recovery(user?.id),
    queryFn: async () => (await api.get('/auth/mfa/recovery-codes', { schema: recoveryCodeStatusSchema, toast: false })).remaining,
    enabled: Boolean(user) && enabled,
    retry: false,
  });
}
