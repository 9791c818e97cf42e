import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ErrorCode } from '../../shared/errors';
import { messages } from '../../shared/messages';
import type { AuthService, Principal } from '../modules/auth/service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolves the bearer token to a live session, once per request; throws 401/403 otherwise. */
    requireUser(): Promise<Principal>;
    /** Set once `requireUser()` has resolved (for rate-limit keys and logs). */
    principal: Principal | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  return /^bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
}

/** Adds `request.requireUser()`; routes call it where a signed-in user is needed. */
export const authenticatePlugin = fp(async (app: FastifyInstance, opts: { auth: AuthService }) => {
  const cache = new WeakMap<FastifyRequest, Promise<Principal>>();
  app.decorateRequest('principal', null);
  app.decorateRequest('requireUser', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      const token = bearerToken(this);
      pending = token
        ? opts.auth.authenticate(token).then((principal) => {
            // An account with MFA is not usable with its password alone: until the session is
            // raised to aal2, only the routes that finish signing in accept it.
            if (principal.hasVerifiedFactor && principal.aal !== 'aal2' && !this.routeOptions.config.anyAal) {
              throw new AppError(ErrorCode.insufficientAal, messages.mfa.aal2Required, 403);
            }
            return (this.principal = principal);
          })
        : Promise.reject(new AppError(ErrorCode.noAuthorization, messages.auth.sessionMissing, 401));
      cache.set(this, pending);
    }
    return pending;
  });
});
