import { describe, expect, it } from 'vitest';
import { detectUploadType } from '../../uploads/detect';
import { COVER_HEIGHT, COVER_WIDTH, demoCoverSvg, escapeXml, wrapTitle } from './cover-svg';

describe('escapeXml', () => {
  it('escapes markup characters and drops characters XML forbids', () => {
    expect(escapeXml(`<script>"a" & 'b'</script>`)).toBe('&lt;script&gt;&quot;a&quot; &amp; &apos;b&apos;&lt;/script&gt;');
    expect(escapeXml('bell\u0007 \uFFFE ok \u{1F686}')).toBe('bell  ok \u{1F686}');
  });
});

describe('wrapTitle', () => {
  it('wraps at word boundaries within the width', () => {
    expect(wrapTitle('Reading a track geometry report', 21, 4)).toEqual(['Reading a track', 'geometry report']);
  });

  it('ends a title cut at the line limit with an ellipsis and splits over-long words', () => {
    const lines = wrapTitle('one two three four five six seven eight nine ten eleven twelve', 10, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.endsWith('…')).toBe(true);
    expect(wrapTitle('Supercalifragilistic', 10, 4)).toEqual(['Supercali-', 'fragilist-', 'ic']);
  });
});

describe('demoCoverSvg', () => {
  const svg = demoCoverSvg({ title: 'Rails & <Sleepers>: "gauge" matters', category: 'Track Engineering', kind: 'Podcast' });

  it('is a standalone 16:9 SVG the image upload check accepts', async () => {
    expect(svg).toContain(`viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}"`);
    expect(COVER_WIDTH / COVER_HEIGHT).toBeCloseTo(16 / 9);
    expect(await detectUploadType('images', Buffer.from(svg), 'cover.svg')).toEqual({ ext: 'svg', mustBeText: false });
  });

  it('carries the brand, the kind, the category and the escaped title, and nothing that runs or loads', () => {
    expect(svg).toContain('TRACKSIDE');
    expect(svg).toContain('PODCAST');
    expect(svg).toContain('Track Engineering');
    expect(svg).toContain('Rails &amp; &lt;Sleepers&gt;: &quot;gauge&quot;');
    expect(svg).not.toMatch(/<script|on\w+=|href=|<image|<foreignObject|url\((?!#)/i);
  });

  it('gives categories their own colours', () => {
    const other = demoCoverSvg({ title: 'Rails', category: 'Signalling', kind: 'Article' });
    const stops = (s: string) => /<stop offset="0" stop-color="(#[0-9a-f]{6})"/.exec(s)?.[1];
    expect(stops(other)).not.toBe(stops(svg));
    expect(demoCoverSvg({ title: 'Rails', category: 'Something new', kind: 'Article' })).toContain('<svg');
  });
});
