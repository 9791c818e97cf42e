/** ETags, conditional requests and content negotiation for the answers the server compresses itself. */
import { createHash } from 'node:crypto';

/** A strong ETag for `body`, from its content. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** Whether If-None-Match names this ETag (weak or strong; `*` matches any). */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

type Coding = 'br' | 'gzip';
const NONE: readonly Coding[] = Object.freeze([]);
const acceptedCache = new Map<string, readonly Coding[]>();
const ACCEPTED_CACHE_MAX = 256;

/**
 * The compressed codings an Accept-Encoding header admits (q-value above 0, directly or through
 * `*`), most preferred first (Brotli first when equal). Browsers send a handful of distinct
 * headers, so the answers are remembered.
 */
export function acceptedEncodings(header: string | undefined): readonly Coding[] {
  if (!header) return NONE;
  let codings = acceptedCache.get(header);
  if (codings === undefined) {
    codings = parseAcceptEncoding(header);
    if (acceptedCache.size >= ACCEPTED_CACHE_MAX) acceptedCache.clear();
    acceptedCache.set(header, codings);
  }
  return codings;
}

function parseAcceptEncoding(header: string): readonly Coding[] {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(coding.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (coding: Coding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const codings = (['br', 'gzip'] as const).filter((c) => weight(c) > 0).sort((a, b) => weight(b) - weight(a));
  return Object.freeze(codings);
}
