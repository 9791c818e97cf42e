import type { Queryable } from '../../db/client';

/**
 * The one place where deleting an account asks for a second factor. Until multi-factor sign-in
 * lands, no account has a factor, so this returns; with MFA it must throw (as sign-in's second
 * step does) when the user has a verified factor and `code` is missing or wrong.
 */
export async function assertSecondFactor(_db: Queryable, _userId: string, _code: string | undefined): Promise<void> {
  // Wired to the MFA module's verification when it is merged.
}
