/**
 * Builds the web app into dist/web, then renders the public pages to HTML (entry-server.tsx)
 * into dist/web/prerendered/, where the server finds them (src/server/plugins/spa.ts). The
 * server-side build of entry-server.tsx stays in dist/ssr: the server renders the pages that
 * read data per request with it (src/server/plugins/live-pages.ts).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build, type LogLevel } from 'vite';
import type { PageDocument } from '../src/web/app/page-document';

type EntryServer = typeof import('../src/web/entry-server');

/** `/` → index.html, `/disciplines/track` → disciplines/track.html. */
export function prerenderedFileOf(pathname: string): string {
  return pathname === '/' ? 'index.html' : `${pathname.replace(/^\/+|\/+$/g, '')}.html`;
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `.br` and `.gz` beside every text file, compressed once at the highest levels, so
 * the server sends them as they are (`preCompressed` in src/server/plugins/spa.ts).
 */
function precompress(dir: string): void {
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!COMPRESSIBLE.test(entry)) continue;
    const file = path.join(dir, entry);
    const body = readFileSync(file);
    if (body.length < 1024) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

export async function buildWeb(root: string, logLevel: LogLevel = 'warn'): Promise<void> {
  const webOut = path.join(root, 'dist/web');
  const ssrOut = path.join(root, 'dist/ssr');
  await build({ root, logLevel });
  await build({
    root,
    logLevel,
    publicDir: false,
    build: { ssr: 'src/web/entry-server.tsx', outDir: ssrOut, emptyOutDir: true, sourcemap: false, copyPublicDir: false },
  });

  const entry = (await import(pathToFileURL(path.join(ssrOut, 'entry-server.js')).href)) as EntryServer;
  const template = readFileSync(path.join(webOut, 'index.html'), 'utf8');
  const pagesOut = path.join(webOut, 'prerendered');
  rmSync(pagesOut, { recursive: true, force: true });
  const write = (pathname: string, page: PageDocument) => {
    const file = path.join(pagesOut, prerenderedFileOf(pathname));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, entry.fillTemplate(template, page));
  };
  for (const pathname of entry.PRERENDERED_PATHS) write(pathname, entry.pageDocumentOf(pathname, await entry.renderPage(pathname)));
  const signIn = await entry.renderPage('/login');
  for (const pathname of entry.SIGNED_IN_ONLY_PATHS) {
    write(pathname, { ...entry.pageDocumentOf(pathname, { html: '', title: entry.pageTitle(pathname) }), signedOut: signIn });
  }
  precompress(webOut);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  await buildWeb(path.resolve(import.meta.dirname, '..'), 'info');
  console.log(`Web app built and public pages rendered in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
