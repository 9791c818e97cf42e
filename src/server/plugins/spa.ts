import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isAppRoute } from '../../shared/app-routes';
import { ErrorCode } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { LivePages } from './live-pages';

/** Where scripts/build-web.ts writes the public pages it rendered to HTML. */
const PRERENDERED_DIR = 'prerendered';

/** `/about` → `prerendered/about.html`, for every page rendered at build time. */
function prerenderedPages(webRoot: string): Map<string, string> {
  const pages = new Map<string, string>();
  const dir = path.join(webRoot, PRERENDERED_DIR);
  if (!existsSync(dir)) return pages;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.html')) continue;
    const route = `/${entry.slice(0, -'.html'.length).split(path.sep).join('/')}`;
    pages.set(route === '/index' ? '/' : route, path.posix.join(PRERENDERED_DIR, entry.split(path.sep).join('/')));
  }
  return pages;
}

/**
 * CSP sources for index.html's inline scripts (the theme is set before the first paint), so
 * that no other inline script may run.
 */
export function inlineScriptHashes(webRoot: string): string[] {
  const index = path.join(webRoot, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

/**
 * Serves the built web app: hashed assets cached for a year; the pages that read data rendered
 * per request with it, given the server-side build (`ssrEntry`); the pages rendered at build
 * time where there is one; index.html for every other non-API path (client-side routes), with
 * 404 where no route of the app matches. Unknown /api/* paths get a JSON 404.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { webRoot: string; ssrEntry?: string }) => {
  const indexFile = path.join(opts.webRoot, 'index.html');
  const hasWebApp = existsSync(indexFile);
  const pages = hasWebApp ? prerenderedPages(opts.webRoot) : new Map<string, string>();
  const livePages = hasWebApp && opts.ssrEntry ? await LivePages.load(app, opts.ssrEntry, indexFile) : null;
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: opts.webRoot,
      wildcard: false,
      index: false,
      // scripts/build-web.ts writes .br and .gz beside each text file.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('vary', 'accept-encoding');
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (url === '/api' || url.startsWith('/api/') || !wantsPage || !hasWebApp) {
      const message = url.startsWith('/api') ? messages.api.routeNotFound : messages.api.notFound;
      return reply.status(404).send({ error: message, code: ErrorCode.notFound, error_code: ErrorCode.notFound, msg: message });
    }
    const route = url.length > 1 ? url.replace(/\/+$/, '') : url;
    if (livePages && livePages.handles(route) && (await livePages.send(request, reply, route))) return reply;
    // A path none of the app's routes matches still gets the shell, whose router shows the
    // not-found page, but with 404: search engines, monitors and link checkers read the status.
    const known = pages.has(route) || isAppRoute(route);
    return reply
      .status(known ? 200 : 404)
      .header('cache-control', 'no-cache')
      .sendFile(pages.get(route) ?? 'index.html');
  });
});
