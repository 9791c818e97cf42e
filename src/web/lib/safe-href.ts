const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * The address if a post may link to it: http(s), mailto, or a path/fragment on this site.
 * `javascript:`, `data:`, `vbscript:` and anything unparseable give undefined.
 */
export function safeHref(raw: string): string | undefined {
  // Browsers ignore ASCII whitespace and control characters inside a scheme ("java\nscript:").
  // eslint-disable-next-line no-control-regex
  const url = raw.replace(/[\u0000-\u0020\u007f]/g, '');
  if (url === '') return undefined;
  if (url.startsWith('#')) return raw.trim();
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return raw.trim();
  try {
    const parsed = new URL(url);
    return SAFE_PROTOCOLS.has(parsed.protocol) ? parsed.href : undefined;
  } catch {
    // Relative without a leading slash ("page", "./x"): no scheme, so nothing can run.
    return /^[a-z][a-z0-9+.-]*:/i.test(url) ? undefined : raw.trim();
  }
}
