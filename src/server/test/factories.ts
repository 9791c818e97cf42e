import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Session } from '../../shared/schemas/auth';
import { addToWhitelist, grantAdmin } from '../modules/roles/service';
import type { TestContext } from './app';

export const TEST_PASSWORD = 'Correct-Horse-9';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  session: Session;
  /** `Authorization` header for this user's session. */
  headers: { authorization: string };
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

let setupAddress = 0;

/**
 * A client address of its own for each setup sign-in, so that building users never trips
 * the per-address sign-in limit (30 a minute) that the rate-limit tests exercise on purpose.
 */
function nextSetupAddress(): string {
  setupAddress += 1;
  return `198.18.${Math.floor(setupAddress / 250) % 250}.${(setupAddress % 250) + 1}`;
}

/** Signs in through the real endpoint (from `remoteAddress`, else a fresh address). */
export async function signIn(app: FastifyInstance, email: string, password: string, remoteAddress = nextSetupAddress()): Promise<Session> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/token?grant_type=password', payload: { email, password }, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json<Session>();
}

/** Creates an account (optionally admin or whitelisted) and signs it in. */
export async function buildUser(
  ctx: TestContext,
  options: { email?: string; password?: string; admin?: boolean; whitelisted?: boolean } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? TEST_PASSWORD;
  const user = await ctx.app.services.auth.createUser(email, password);
  if (options.admin) await grantAdmin(ctx.database.db, user.id);
  if (options.whitelisted) await addToWhitelist(ctx.database.db, email);
  const session = await signIn(ctx.app, email, password);
  return { id: user.id, email: user.email, password, session, headers: { authorization: `Bearer ${session.access_token}` } };
}
