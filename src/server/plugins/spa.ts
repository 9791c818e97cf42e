import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '../../shared/errors';
import { messages } from '../../shared/messages';

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every other
 * non-API path (client-side routes). Unknown /api/* paths get a JSON 404.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { webRoot: string }) => {
  const hasWebApp = existsSync(path.join(opts.webRoot, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: opts.webRoot,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (url === '/api' || url.startsWith('/api/') || !wantsPage || !hasWebApp) {
      const message = url.startsWith('/api') ? messages.api.routeNotFound : messages.api.notFound;
      return reply.status(404).send({ error: message, code: ErrorCode.notFound, error_code: ErrorCode.notFound, msg: message });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
