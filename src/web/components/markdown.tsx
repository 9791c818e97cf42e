import ReactMarkdown, { type Components, type UrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { safeHref } from '../lib/safe-href';
import { cn } from '../lib/utils';

const linkClass = 'font-medium text-primary underline underline-offset-2';
const tableClass = 'w-full border-collapse text-sm [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1';

/** Text the team wrote or the library holds (answers, Knowledge Hub materials): links open in a new tab, images show. */
const trusted = (tableSpacing: string, tableClassName?: string): Components => ({
  a: ({ node: _node, href, children, ...props }) => (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass} {...props}>
      {children}
    </a>
  ),
  table: ({ node: _node, children, ...props }) => (
    <div className={cn(tableSpacing, 'overflow-x-auto')}>
      <table className={tableClassName} {...props}>
        {children}
      </table>
    </div>
  ),
  img: ({ node: _node, alt, ...props }) => <img alt={alt ?? ''} loading="lazy" className="h-auto max-w-full rounded-md" {...props} />,
});

/** Links keep only http(s), mailto and same-site addresses; anything else loses its href. */
const strictUrls: UrlTransform = (url) => safeHref(url) ?? '';

/**
 * Text anyone may write (forum posts): only safe addresses are links (nofollow, ugc), an
 * unsafe one is plain text, and images from other sites are never loaded (tracking, mixed
 * content) — each becomes a link with its alt text.
 */
const untrusted: Components = {
  a: ({ node: _node, href, children, ...props }) => {
    const target = href ? safeHref(href) : undefined;
    if (!target) return <span {...props}>{children}</span>;
    return (
      <a href={target} target="_blank" rel="noopener noreferrer nofollow ugc" className={cn(linkClass, 'break-words')} {...props}>
        {children}
      </a>
    );
  },
  img: ({ node: _node, src, alt }) => {
    const target = typeof src === 'string' ? safeHref(src) : undefined;
    const label = alt?.trim() || 'image';
    if (!target) return <span>[{label}]</span>;
    return (
      <a href={target} target="_blank" rel="noopener noreferrer nofollow ugc" className="text-primary underline underline-offset-2">
        [{label}]
      </a>
    );
  },
  table: trusted('my-4', tableClass).table,
};

// Chat bubbles style their tables in CSS (.chat-markdown); pages draw the cell borders here.
const COMPONENTS = { compact: trusted('my-2'), article: trusted('my-4', tableClass) };

export interface MarkdownProps {
  children: string;
  className?: string;
  /** Users' text: the strict link and image policy. */
  untrustedLinks?: boolean;
  /** Table spacing: `compact` in chat bubbles, `article` in pages. */
  density?: keyof typeof COMPONENTS;
}

/**
 * The one Markdown renderer (GFM): raw HTML is never rendered, and react-markdown strips unsafe
 * link protocols; `untrustedLinks` adds the forum's stricter policy for text anyone may write.
 */
export function Markdown({ children, className, untrustedLinks = false, density = 'article' }: MarkdownProps) {
  return (
    <div className={className}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        components={untrustedLinks ? untrusted : COMPONENTS[density]}
        {...(untrustedLinks ? { urlTransform: strictUrls } : {})}
        skipHtml
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
