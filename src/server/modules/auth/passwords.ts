import { hash, verify } from '@node-rs/argon2';
import { AppError, ErrorCode } from '../../../shared/errors';
import { newPasswordSchema } from '../../../shared/schemas/auth';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const options = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum, unreadable under isolatedModules) */ as const,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** A hash of nothing in particular, verified against when the e-mail is unknown so timing tells nothing. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword('decoy password that matches nothing');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/**
 * The protocol's weak_password answer (422) listing every rule of SPEC §5 the password breaks,
 * as GoTrue answers it for `PUT /user` and the admin API.
 */
export function assertStrongPassword(password: unknown): asserts password is string {
  const parsed = newPasswordSchema.safeParse(password);
  if (parsed.success) return;
  const reasons = parsed.error.issues.map((i) => i.message);
  throw new AppError(ErrorCode.weakPassword, reasons[0] ?? 'Password is too weak', 422, { reasons }, { weak_password: { reasons } });
}
