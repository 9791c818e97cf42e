import { Fragment } from 'react';

/** A web address in a source line, up to a space, and without the punctuation that closes its sentence or parenthesis. */
const ADDRESS = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]]/g;

/** Whether `text` is an http(s) address the browser parses: nothing else becomes a link. */
function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Splits a source line into text and http(s) addresses. */
export function sourceParts(source: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of source.matchAll(ADDRESS)) {
    const index = match.index ?? 0;
    if (!isWebAddress(match[0])) continue;
    if (index > last) parts.push({ text: source.slice(last, index) });
    parts.push({ text: match[0], href: match[0] });
    last = index + match[0].length;
  }
  if (last < source.length) parts.push({ text: source.slice(last) });
  return parts;
}

/**
 * Where a document's text comes from, as imported ("Justice Laws Website, https://laws-lois…/
 * (consolidated XML, …)"): text, with its http(s) addresses as links that open apart from
 * Trackside and tell the other site nothing of the page they came from.
 */
export function SourceText({ source }: { source: string }) {
  return sourceParts(source).map((part, index) =>
    part.href ? (
      <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-primary underline underline-offset-2 hover:no-underline">
        {part.text}
      </a>
    ) : (
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}
