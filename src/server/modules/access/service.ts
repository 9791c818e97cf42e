import { hashPassword, verifyPassword } from '../auth/passwords';
import type { Db } from '../../db/client';
import { findResourcePasswordHash, upsertResourcePasswordHash } from './repository';

/** Sets (or replaces) the shared password of a protected resource such as investor_flyer. */
export async function setResourcePassword(db: Db, resource: string, password: string): Promise<void> {
  await upsertResourcePasswordHash(db, resource, await hashPassword(password));
}

/** True when the password opens the resource; an unknown resource opens for nothing. */
export async function verifyResourcePassword(db: Db, resource: string, password: string): Promise<boolean> {
  return verifyPassword(await findResourcePasswordHash(db, resource), password);
}
