import { accessVerifyResultSchema } from '../../../../shared/schemas/access';
import type { PROTECTED_RESOURCES } from '../../../../shared/schemas/access';
import { api } from '../../../lib/api-client';

export type ProtectedResource = (typeof PROTECTED_RESOURCES)[number];

/**
 * `POST /api/access/verify` (SPEC §7 Protected gate): does `password` open `resource`?
 * Throws an `AppError` on a non-OK answer (429 when this address tried too often) or a
 * dropped connection; the gate shows its own message, so no toast.
 */
export async function verifyAccess(resource: ProtectedResource, password: string): Promise<boolean> {
  const result = await api.post('/access/verify', { password, resource }, { schema: accessVerifyResultSchema, toast: false });
  return result.authorized;
}
