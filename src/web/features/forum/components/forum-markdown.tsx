import { Markdown } from '../../../components/markdown';
import { cn } from '../../../lib/utils';

/** A forum post's markdown (GFM). Raw HTML is skipped, never rendered; unsafe links are inert. */
export function ForumMarkdown({ children, className }: { children: string; className?: string }) {
  return (
    <Markdown
      untrustedLinks
      className={cn(
        'space-y-3 break-words leading-relaxed [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_h1]:text-xl [&_h1]:font-bold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_ul]:list-disc [&_ul]:pl-6',
        className,
      )}
    >
      {children}
    </Markdown>
  );
}
