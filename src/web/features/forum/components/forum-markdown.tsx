import ReactMarkdown, { type Components, type UrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '../../../lib/utils';
import { safeHref } from '../lib/safe-href';

/** Links keep only http(s), mailto and same-site addresses; anything else loses its href. */
const urlTransform: UrlTransform = (url) => safeHref(url) ?? '';

const components: Components = {
  a: ({ node: _node, href, children, ...props }) => {
    const target = href ? safeHref(href) : undefined;
    // A dropped address (javascript:, data:, vbscript: …) leaves plain text, not a dead link.
    if (!target) return <span {...props}>{children}</span>;
    return (
      <a href={target} target="_blank" rel="noopener noreferrer nofollow ugc" className="font-medium text-primary underline underline-offset-2 break-words" {...props}>
        {children}
      </a>
    );
  },
  // Posts never load images from other sites (tracking, mixed content): the image becomes a link.
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
  table: ({ node: _node, children, ...props }) => (
    <div className="my-4 overflow-x-auto">
      <table className="w-full border-collapse text-sm [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1" {...props}>
        {children}
      </table>
    </div>
  ),
};

/** A forum post's markdown (GFM). Raw HTML is skipped, never rendered; unsafe links are inert. */
export function ForumMarkdown({ children, className }: { children: string; className?: string }) {
  return (
    <div
      className={cn(
        'space-y-3 break-words leading-relaxed [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_h1]:text-xl [&_h1]:font-bold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_ul]:list-disc [&_ul]:pl-6',
        className,
      )}
    >
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components} urlTransform={urlTransform} skipHtml>
        {children}
      </ReactMarkdown>
    </div>
  );
}
