import type { FastifyRequest } from 'fastify';

/**
 * The Knowledge Hub gate (SPEC §2, §6): a request without credentials reads previews; one with
 * a bearer token must be a live session (401 otherwise, so clients refresh rather than silently
 * losing content) and reads everything.
 */
export function readerOf(request: FastifyRequest): 'guest' | Promise<'member'> {
  // Synchronous for guests: the cached hub list answers them without a promise.
  if (!request.headers.authorization) return 'guest';
  return request.requireUser().then(() => 'member' as const);
}
