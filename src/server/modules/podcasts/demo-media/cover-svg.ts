/**
 * Cover art for demo content, generated as SVG: a Trackside-branded card with a gradient in the
 * category's colours, a railway track running to the horizon, the kind of item and its title.
 * 1280×720 (16:9, as the library and hub cards show covers).
 */
import { hashText } from './wav';

export const COVER_WIDTH = 1280;
export const COVER_HEIGHT = 720;

/** Background colours per category (from, to, accent); others get one chosen by name. */
const PALETTES: Record<string, [string, string, string]> = {
  'track engineering': ['#0f2a4a', '#1f5f8b', '#f5b942'],
  signalling: ['#3a0f2e', '#8c2f39', '#ffd166'],
  'civil structures': ['#1d2b35', '#4a6572', '#f4a259'],
  'electrical systems': ['#12263a', '#255957', '#ffe066'],
  geotechnical: ['#2b2118', '#6b4f2c', '#e9c46a'],
  'industry insights': ['#1b1f3b', '#4b3f72', '#7bdff2'],
};
const FALLBACK_PALETTES: [string, string, string][] = [
  ['#102a43', '#334e68', '#f0b429'],
  ['#24123a', '#5a2a82', '#f7a072'],
  ['#0b3d2e', '#1b6b50', '#ffd166'],
  ['#2d1e2f', '#6d2e46', '#a2d2ff'],
];

function paletteFor(category: string): [string, string, string] {
  return PALETTES[category.trim().toLowerCase()] ?? FALLBACK_PALETTES[hashText(category) % FALLBACK_PALETTES.length] ?? FALLBACK_PALETTES[0]!;
}

/**
 * Text made safe for SVG/XML character data and attribute values: markup characters escaped,
 * characters XML forbids (most C0 controls, lone surrogates, U+FFFE/U+FFFF) dropped.
 */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * Greedy word wrap to at most `maxLines` lines of about `width` characters; a cut title ends
 * with an ellipsis, and a single over-long word is split.
 */
export function wrapTitle(title: string, width: number, maxLines: number): string[] {
  const words = title.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (let word of words) {
    while (word.length > width) {
      if (line) {
        lines.push(line);
        line = '';
      }
      lines.push(word.slice(0, width - 1) + '-');
      word = word.slice(width - 1);
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const lastLine = kept[maxLines - 1] ?? '';
  kept[maxLines - 1] = `${lastLine.length >= width ? lastLine.slice(0, width - 1) : lastLine}…`;
  return kept;
}

/** The track: two rails running to a vanishing point, sleepers closer together with distance. */
function trackSvg(): string {
  const horizon = 300;
  const vanishX = 1060;
  const leftBase = 720;
  const rightBase = 1300;
  const railAt = (base: number, y: number) => vanishX + ((base - vanishX) * (y - horizon)) / (COVER_HEIGHT - horizon);
  const sleepers: string[] = [];
  for (let k = 1; k <= 18; k++) {
    const y = horizon + (COVER_HEIGHT - horizon) * (k / 18) ** 2;
    const x1 = railAt(leftBase - 70, y);
    const x2 = railAt(rightBase + 70, y);
    const thickness = Math.max(1, (20 * (y - horizon)) / (COVER_HEIGHT - horizon));
    sleepers.push(`<line x1="${x1.toFixed(1)}" y1="${y.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y.toFixed(1)}" stroke-width="${thickness.toFixed(1)}"/>`);
  }
  return [
    `<g stroke="url(#sleeper)" stroke-linecap="round">${sleepers.join('')}</g>`,
    '<g stroke="url(#rail)" stroke-width="8" stroke-linecap="round" fill="none">',
    `<line x1="${leftBase}" y1="${COVER_HEIGHT + 10}" x2="${vanishX}" y2="${horizon}"/>`,
    `<line x1="${rightBase}" y1="${COVER_HEIGHT + 10}" x2="${vanishX}" y2="${horizon}"/>`,
    '</g>',
  ].join('');
}

export interface DemoCoverOptions {
  title: string;
  category: string;
  /** The label above the title: 'Podcast', 'Article', 'Whitepaper'. */
  kind: string;
}

/** A complete, standalone SVG document (no script, no external references). */
export function demoCoverSvg({ title, category, kind }: DemoCoverOptions): string {
  const [from, to, accent] = paletteFor(category);
  const lines = wrapTitle(title, 21, 4);
  const fontSize = lines.length > 3 ? 54 : 62;
  const lineHeight = Math.round(fontSize * 1.15);
  const titleTop = 560 - (lines.length - 1) * lineHeight;
  const fonts = "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif";
  const titleText = lines.map((line, i) => `<tspan x="72" y="${titleTop + i * lineHeight}">${escapeXml(line)}</tspan>`).join('');
  const label = escapeXml(kind.toUpperCase());
  const labelWidth = Math.round(label.length * 16 + 44);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" role="img" aria-label="${escapeXml(`${title} (${category})`)}">`,
    `<title>${escapeXml(title)}</title>`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    `<radialGradient id="glow" cx="0.83" cy="0.42" r="0.45"><stop offset="0" stop-color="${accent}" stop-opacity="0.35"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="rail" gradientUnits="userSpaceOnUse" x1="0" y1="${COVER_HEIGHT}" x2="0" y2="300"><stop offset="0" stop-color="${accent}" stop-opacity="0.95"/><stop offset="1" stop-color="${accent}" stop-opacity="0.05"/></linearGradient>`,
    `<linearGradient id="sleeper" gradientUnits="userSpaceOnUse" x1="0" y1="${COVER_HEIGHT}" x2="0" y2="300"><stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.02"/></linearGradient>`,
    '<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000000" stop-opacity="0.45"/><stop offset="0.6" stop-color="#000000" stop-opacity="0"/></linearGradient>',
    '</defs>',
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#bg)"/>`,
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#glow)"/>`,
    `<line x1="0" y1="300" x2="${COVER_WIDTH}" y2="300" stroke="#ffffff" stroke-opacity="0.08" stroke-width="2"/>`,
    trackSvg(),
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#shade)"/>`,
    `<g font-family="${fonts}">`,
    `<circle cx="88" cy="86" r="16" fill="none" stroke="${accent}" stroke-width="5"/><circle cx="88" cy="86" r="5" fill="${accent}"/>`,
    `<text x="118" y="97" font-size="30" font-weight="700" letter-spacing="6" fill="#ffffff">TRACKSIDE</text>`,
    `<rect x="72" y="${titleTop - fontSize - 78}" width="${labelWidth}" height="40" rx="20" fill="${accent}"/>`,
    `<text x="94" y="${titleTop - fontSize - 51}" font-size="20" font-weight="700" letter-spacing="3" fill="#111827">${label}</text>`,
    `<text font-size="${fontSize}" font-weight="700" fill="#ffffff">${titleText}</text>`,
    `<text x="72" y="652" font-size="26" fill="#ffffff" fill-opacity="0.8">${escapeXml(category)}</text>`,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}
