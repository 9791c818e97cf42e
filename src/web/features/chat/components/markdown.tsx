import { Markdown as MarkdownText } from '../../../components/markdown';
import { cn } from '../../../lib/utils';

/**
 * SPEC §2: answers render Markdown (bold, italic, code, headings, lists, GFM tables).
 * Raw HTML is never rendered and unsafe link protocols are stripped.
 */
export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <MarkdownText className={cn('chat-markdown', className)} density="compact">
      {children}
    </MarkdownText>
  );
}
