import { assistantMessages, partlyCoveredNotice } from '../../../../shared/assistant-messages';
import type { ChatMessage } from '../types';
import { citationRef } from './citations';
import { coverageDisplay } from './coverage';

export interface ExportMeta {
  standard: string;
  discipline: string;
  exportedAt?: Date;
}

function exportedMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages.filter((m) => m.role !== 'system');
}

/** The conversation as a Markdown document (questions, answers and the clauses cited). */
export function conversationToMarkdown(messages: readonly ChatMessage[], meta: ExportMeta): string {
  const when = (meta.exportedAt ?? new Date()).toISOString().slice(0, 16).replace('T', ' ');
  const lines = [
    '# Trackside Compliance Assistant conversation',
    '',
    `- Standard: ${meta.standard}`,
    `- Discipline: ${meta.discipline}`,
    `- Exported: ${when} UTC`,
    '',
  ];
  for (const message of exportedMessages(messages)) {
    lines.push(message.role === 'user' ? '## Question' : '## Answer', '');
    // The answer's coverage travels with it: a reader of the file is warned as the chat warns.
    const coverage = coverageDisplay(message);
    if (coverage.kind === 'not_covered') lines.push(`_${assistantMessages.coverage.notCoveredLabel}._`, '');
    if (coverage.kind === 'caution') {
      if (coverage.partly) lines.push(`_${partlyCoveredNotice(coverage.uncovered)}._`, '');
      if (coverage.lowConfidence) lines.push(`_${assistantMessages.coverage.lowConfidence}._`, '');
    }
    lines.push(message.content.trim(), '');
    if (message.citations?.length && coverage.kind !== 'not_covered') {
      lines.push('### Citations', '');
      for (const c of message.citations) lines.push(`- **${citationRef(c)}** ${c.heading}: ${c.excerpt}`);
      lines.push('');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** A file name such as `trackside-conversation-2026-07-01.md`. */
export function exportFileName(extension: 'md' | 'docx', date = new Date()): string {
  return `trackside-conversation-${date.toISOString().slice(0, 10)}.${extension}`;
}

/** Splits `**bold**` and `` `code` `` spans of one Markdown line into runs. */
function inlineRuns(text: string): { text: string; bold?: boolean; code?: boolean }[] {
  const runs: { text: string; bold?: boolean; code?: boolean }[] = [];
  const pattern = /(\*\*[^*]+\*\*|`[^`]+`)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) runs.push({ text: text.slice(last, index) });
    const token = match[0];
    runs.push(token.startsWith('**') ? { text: token.slice(2, -2), bold: true } : { text: token.slice(1, -1), code: true });
    last = index + token.length;
  }
  if (last < text.length) runs.push({ text: text.slice(last) });
  return runs;
}

/**
 * The conversation as a Word document, built in the browser with `docx` (loaded only when
 * asked for, so it never weighs on the chat page).
 */
export async function conversationToDocx(messages: readonly ChatMessage[], meta: ExportMeta): Promise<Blob> {
  const { Document, HeadingLevel, Packer, Paragraph, TextRun } = await import('docx');
  const markdown = conversationToMarkdown(messages, meta);
  const paragraphs = markdown.split('\n').map((line) => {
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      const level = [HeadingLevel.TITLE, HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3][heading[1]!.length - 1];
      return new Paragraph({ heading: level, children: [new TextRun(heading[2] ?? '')] });
    }
    const bullet = /^\s*(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
    const text = bullet ? (bullet[1] ?? '') : line;
    const children = inlineRuns(text).map((run) => new TextRun({ text: run.text, bold: run.bold, font: run.code ? 'Consolas' : undefined }));
    return new Paragraph(bullet ? { bullet: { level: 0 }, children } : { children });
  });
  const doc = new Document({
    creator: 'Trackside',
    title: 'Trackside Compliance Assistant conversation',
    sections: [{ children: paragraphs }],
  });
  return Packer.toBlob(doc);
}
