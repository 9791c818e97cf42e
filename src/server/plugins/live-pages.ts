import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { LivePageRenderer, PageQueryData } from '../../shared/live-page';
import { acceptedEncodings, etagMatches, etagOf } from '../lib/http-caching';

/** The most memory rendered pages may take (each with its compressed copies). */
const CACHE_MAX_BYTES = 8 * 1024 * 1024;
/** Brotli quality of a rendered page: made once per page and data, on the request that needs it. */
const BROTLI_QUALITY = 6;
/** How long a page waits for its reads before the page rendered at build time is sent instead. */
export const LIVE_PAGE_READS_TIMEOUT_MS = 2_000;

interface RenderedDocument {
  /** Of the HTML itself, so that it changes with a new build as well as with new data. */
  etag: string;
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

/**
 * Renders the pages that read data as they load (src/web/app/page-meta.ts's `reads`: the podcast
 * library and the Knowledge Hub) per request, with those reads' answers in the HTML: the browser paints the list, and
 * starts on its images, before any script has run, and hydrates from the answers the page
 * carries instead of reading them again.
 *
 * The answers come from the API routes themselves (`inject`, served from their cache), so the
 * page holds exactly what the browser would have read. A rendered page is kept until those
 * answers change (their ETags are part of its key). Where an answer or the rendering fails, the
 * caller serves the page rendered at build time, which reads the data itself.
 */
export class LivePages {
  private readonly cache = new LRUCache<string, RenderedDocument>({
    maxSize: CACHE_MAX_BYTES,
    sizeCalculation: (page) => page.identity.length + (page.gzip?.length ?? 0) + (page.br?.length ?? 0) + 256,
  });
  private readonly rendering = new Map<string, Promise<RenderedDocument>>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly renderer: LivePageRenderer,
    private readonly template: string,
  ) {}

  /**
   * Loads the server-side build at `entryFile` (dist/ssr/entry-server.js, exporting
   * `livePageRenderer`); null when there is none (the web app was not built, or `vite dev`
   * serves it).
   */
  static async load(app: FastifyInstance, entryFile: string, templateFile: string): Promise<LivePages | null> {
    if (!existsSync(templateFile)) return null;
    if (!existsSync(entryFile)) {
      app.log.warn({ entryFile }, 'no server-side build of the web app: pages that read data are served as rendered at build time');
      return null;
    }
    const entry = (await import(pathToFileURL(entryFile).href)) as { livePageRenderer: LivePageRenderer };
    return new LivePages(app, entry.livePageRenderer, readFileSync(templateFile, 'utf8'));
  }

  /** Whether `route` (a normalised path) is rendered per request. */
  handles(route: string): boolean {
    return this.renderer.readsOf(route).length > 0;
  }

  /**
   * Sends the page at `route` rendered with its data; false, having sent nothing, when that
   * cannot be done. Like the pages rendered at build time, it is rendered without its query
   * string, except for the parameters the page says its content depends on (its tab, its
   * filters): one rendering serves every query that has the same of those.
   */
  async send(request: FastifyRequest, reply: FastifyReply, route: string): Promise<boolean> {
    const query = request.url.indexOf('?');
    const search = this.renderer.renderedSearch?.(route, query < 0 ? '' : request.url.slice(query)) ?? '';
    const reads = this.renderer.readsOf(route, search);
    const answers = await this.read(
      request,
      route,
      reads.map((read) => read.path),
    );
    if (!answers) return false;
    const key = [route + search, ...answers.map((answer) => answer.headers.etag ?? answer.body)].join('\n');
    let page: RenderedDocument;
    try {
      page =
        this.cache.get(key) ??
        (await this.render(
          key,
          route + search,
          reads.map((read, i) => ({ queryKey: read.queryKey, data: answers[i]?.json() })),
        ));
    } catch (error) {
      request.log.error({ err: error, route }, 'could not render a page; serving the page rendered at build time');
      return false;
    }
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', page.etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, page.etag)) {
      reply.status(304).send();
      return true;
    }
    const coding = acceptedEncodings(request.headers['accept-encoding'])[0];
    if (coding === undefined) {
      reply.send(page.identity);
      return true;
    }
    reply.header('content-encoding', coding).send(this.encoded(key, page, coding));
    return true;
  }

  /** The answers of the page's reads; null (logged) when one fails or they take too long. */
  private async read(request: FastifyRequest, route: string, paths: string[]): Promise<LightMyRequestResponse[] | null> {
    const timeout = new AbortController();
    try {
      const answers = await Promise.race([
        Promise.all(paths.map((url) => this.app.inject({ method: 'GET', url }))),
        delay(LIVE_PAGE_READS_TIMEOUT_MS, null, { signal: timeout.signal }),
      ]);
      if (!answers) {
        request.log.warn({ route }, 'page reads took too long; serving the page rendered at build time');
        return null;
      }
      if (answers.some((answer) => answer.statusCode !== 200)) {
        request.log.warn({ route, statuses: answers.map((answer) => answer.statusCode) }, 'a page read failed; serving the page rendered at build time');
        return null;
      }
      return answers;
    } catch (error) {
      request.log.error({ err: error, route }, 'page reads failed; serving the page rendered at build time');
      return null;
    } finally {
      timeout.abort();
    }
  }

  /** Renders and caches the page at `url`, once at a time however many requests wait for it. */
  private render(key: string, url: string, data: PageQueryData[]): Promise<RenderedDocument> {
    let rendering = this.rendering.get(key);
    if (!rendering) {
      rendering = this.renderer
        .render(this.template, url, data)
        .then((html) => {
          const identity = Buffer.from(html, 'utf8');
          const page = { etag: etagOf(identity), identity };
          this.cache.set(key, page);
          return page;
        })
        .finally(() => this.rendering.delete(key));
      this.rendering.set(key, rendering);
    }
    return rendering;
  }

  private encoded(key: string, page: RenderedDocument, coding: 'br' | 'gzip'): Buffer {
    let body = page[coding];
    if (!body) {
      body =
        coding === 'br'
          ? brotliCompressSync(page.identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } })
          : gzipSync(page.identity);
      page[coding] = body;
      // Stored again so that its size counts, if it is still cached.
      if (this.cache.peek(key) === page) this.cache.set(key, page);
    }
    return body;
  }
}
