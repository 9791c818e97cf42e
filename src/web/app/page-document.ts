import type { PageQueryData } from '../../shared/live-page';
import { pageDataScript } from './page-data';

/** The id index.html's inline script looks for on a signed-in-only page. */
const SIGNED_OUT_TEMPLATE_ID = 'signed-out-page';

export interface PageDocument {
  /** The markup of #root. */
  html: string;
  title: string;
  description: string;
  noindex: boolean;
  /** API reads the page makes as it loads, asked for by the HTML at once. */
  preload: readonly string[];
  /** The query results the markup was rendered with (pages rendered per request). */
  data?: readonly PageQueryData[];
  /** The sign-in page, shown instead by index.html's inline script to a signed-out visitor. */
  signedOut?: { html: string; title: string };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The built index.html (`template`) with a page's head and markup filled in. */
export function fillTemplate(template: string, page: PageDocument): string {
  const head = [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    '<meta property="og:type" content="website" />',
    ...(page.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    // Same mode and credentials as the API client's fetch, so that it takes the preloaded response.
    ...page.preload.map((href) => `<link rel="preload" href="${escapeHtml(href)}" as="fetch" crossorigin="anonymous" />`),
  ].join('\n    ');
  const withHead = template
    .replace(/\n\s*<title>[^<]*<\/title>/, '')
    .replace(/\n\s*<meta\s+name="description"[^>]*>/, '')
    .replace('</head>', () => `  ${head}\n  </head>`);
  if (!withHead.includes('<div id="root"></div>')) throw new Error('index.html lacks an empty <div id="root"></div>');
  // index.html's inline script moves the template's content into #root, and takes its title, for a signed-out visitor.
  const signedOut = page.signedOut
    ? `<template id="${SIGNED_OUT_TEMPLATE_ID}" data-title="${escapeHtml(page.signedOut.title)}">${page.signedOut.html}</template>`
    : '';
  const data = page.data ? pageDataScript(page.data) : '';
  // Replacer functions, here and for the head, so that `$` in a title or the markup is not read as a replacement pattern.
  return withHead.replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${signedOut}${data}`);
}
