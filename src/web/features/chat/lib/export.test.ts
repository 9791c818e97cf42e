import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../types';
import { conversationToDocx, conversationToMarkdown } from './export';

const answer: ChatMessage = {
  id: 'a1',
  role: 'assistant',
  content: 'A road authority must share the information [SOR/2014-275, s. 12(1)].',
  timestamp: '2026-11-02T10:00:00.000Z',
  citations: [
    {
      standard: 'CA Grade Crossings Regulations',
      ref: 'SOR/2014-275, s. 12',
      pinpoint: 'SOR/2014-275, s. 12(1)',
      heading: 'Information',
      excerpt: '(1) A road authority…',
    },
    { standard: 'CA Railway Safety Act', ref: 'R.S.C., 1985, c. R-4.2, s. 11', heading: 'Railway works', excerpt: '(1) Railway works…' },
    { standard: 'EU TSI CCS (Decision 2012/88/EU)', ref: 'TSI CCS 4.2.1', heading: 'Safety characteristics', excerpt: 'This basic parameter…' },
    { standard: '49 U.S.C.', ref: '49 U.S.C. 20103', pinpoint: '49 U.S.C. 20103(a)', heading: 'Railroad safety regulations and orders', excerpt: '(a) …' },
    { standard: '49 CFR', ref: '213.9', pinpoint: '213.9(a)', heading: 'Classes of track.', excerpt: '(a) …' },
  ],
  coverage: { status: 'covered', confidence: 1, uncovered: [] },
};
const meta = { standard: 'Grade Crossings Regulations (SOR/2014-275)', discipline: 'Signaling', exportedAt: new Date('2026-11-02T10:00:00Z') };

const LABELS = ['SOR/2014-275, s. 12(1)', 'R.S.C., 1985, c. R-4.2, s. 11', 'TSI CCS 4.2.1', '49 U.S.C. 20103(a)', '49 CFR 213.9(a)'];

describe('conversation exports', () => {
  it('label each citation as its jurisdiction writes it, in Markdown', () => {
    const markdown = conversationToMarkdown([answer], meta);
    expect(markdown).toContain('- Standard: Grade Crossings Regulations (SOR/2014-275)');
    const cited = markdown.split('\n').filter((line) => line.startsWith('- **'));
    expect(cited.map((line) => /^- \*\*(.+?)\*\*/.exec(line)?.[1])).toEqual(LABELS);
    expect(markdown).not.toMatch(/CA Grade Crossings Regulations SOR|EU TSI CCS \(Decision 2012\/88\/EU\) TSI/);
  });

  it('and in the Word document', async () => {
    const blob = await conversationToDocx([answer], meta);
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const text = strFromU8(files['word/document.xml']!)
      .replace(/<[^>]+>/g, '')
      .replace(/&quot;/g, '"');
    for (const label of LABELS) expect(text).toContain(label);
    expect(text).not.toContain('CA Grade Crossings Regulations SOR');
  });
});
