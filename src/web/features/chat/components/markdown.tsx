import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '../../../lib/utils';

const components: Components = {
  a: ({ node: _node, href, children, ...props }) => (
    <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline underline-offset-2" {...props}>
      {children}
    </a>
  ),
  table: ({ node: _node, children, ...props }) => (
    <div className="my-2 overflow-x-auto">
      <table {...props}>{children}</table>
    </div>
  ),
};

/**
 * SPEC §2: answers render Markdown (bold, italic, code, headings, lists, GFM tables).
 * Raw HTML is never rendered and unsafe link protocols are stripped by react-markdown.
 */
export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn('chat-markdown', className)}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
        {children}
      </ReactMarkdown>
    </div>
  );
}
