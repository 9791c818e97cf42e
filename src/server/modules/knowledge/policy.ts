import type { FastifyRequest } from 'fastify';
import type { Reader } from './service';

/**
 * The Knowledge Hub gate (SPEC §2, §6): a request without credentials reads previews; one with
 * a bearer token must be a live session (401 otherwise, so clients refresh rather than silently
 * losing content) and reads everything.
 */
export async function readerOf(request: FastifyRequest): Promise<Reader> {
  if (!request.headers.authorization) return 'guest';
  await request.requireUser();
  return 'member';
}
