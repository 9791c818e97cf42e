import type { FastifyInstance, FastifyRequest, FastifySchema, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { requireAdmin } from '../modules/roles/policy';

/** Who may call a route: any signed-in user, or an admin. Routes without it are public. */
export type Access = 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The route serves an aal1 session of a user with a verified MFA factor (finishing sign-in: MFA, GET /user, logout). */
    anyAal?: boolean;
  }
}

/** The OpenAPI security scheme every guarded operation names. */
export const BEARER_SCHEME = 'bearerAuth';

/** Route options that declare the guard: `app.post(url, { ...signedIn, schema }, handler)`. */
export const signedIn = { config: { access: 'user' as Access } };
export const adminOnly = { config: { access: 'admin' as Access } };
/**
 * A signed-in route that an account with MFA may also call before entering its code (aal1): the
 * MFA endpoints, GET /user and logout. Every other route wants aal2 from such an account.
 */
export const signedInAnyAal = { config: { access: 'user' as Access, anyAal: true } };

const asArray = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/**
 * The one guard: a route whose `config.access` says who may call it gets an `onRequest` hook,
 * first of its hooks, so a signed-out caller gets 401 and a signed-in non-admin 403 before any
 * body, query or param is read or validated; and its OpenAPI operation names the bearer scheme,
 * so `/api/docs` and generated clients show who may call what. Register before any route.
 */
export const authorizePlugin = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  const guards: Record<Access, onRequestHookHandler> = {
    user: async (request: FastifyRequest) => void (await request.requireUser()),
    admin: async (request: FastifyRequest) => void (await requireAdmin(db, request)),
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    if (!access) return;
    route.onRequest = [guards[access], ...asArray(route.onRequest)];
    // `x-access` tells a user operation from an admin one (bearer schemes carry no scopes in OpenAPI 3.0).
    route.schema = { ...route.schema, security: [{ [BEARER_SCHEME]: [] }], 'x-access': access } as FastifySchema;
  });
});
