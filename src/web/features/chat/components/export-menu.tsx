import { DownloadIcon, FileTextIcon, FileTypeIcon } from 'lucide-react';
import { toast } from 'sonner';
import { messages as sharedMessages } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';
import { downloadBlob } from '../../../lib/download-blob';
import { conversationToDocx, conversationToMarkdown, exportFileName, type ExportMeta } from '../lib/export';
import type { ChatMessage } from '../types';

/** Export the conversation as Markdown or as a Word document. */
export function ExportMenu({ messages, meta }: { messages: readonly ChatMessage[]; meta: ExportMeta }) {
  const hasContent = messages.some((m) => m.role !== 'system');

  const exportMarkdown = () => {
    const blob = new Blob([conversationToMarkdown(messages, meta)], { type: 'text/markdown;charset=utf-8' });
    downloadBlob(blob, exportFileName('md'));
  };

  const exportDocx = async () => {
    try {
      downloadBlob(await conversationToDocx(messages, meta), exportFileName('docx'));
    } catch {
      toast.error(sharedMessages.toast.errorTitle, { description: 'Could not create the Word document. Please try again.' });
    }
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" disabled={!hasContent} aria-label="Export conversation">
          <DownloadIcon aria-hidden />
          <span className="hidden sm:inline">Export</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={exportMarkdown}>
          <FileTextIcon aria-hidden />
          Markdown (.md)
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void exportDocx()}>
          <FileTypeIcon aria-hidden />
          Word document (.docx)
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
