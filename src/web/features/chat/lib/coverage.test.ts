import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../../shared/constants';
import type { ChatMessage } from '../types';
import { loadStoredChat } from './chat-storage';
import { coverageDisplay } from './coverage';
import { conversationToMarkdown } from './export';

const reply = (extra: Partial<ChatMessage>): ChatMessage => ({
  id: 'a',
  role: 'assistant',
  content: 'From 49 CFR: …',
  timestamp: '2026-11-02T10:00:00.000Z',
  ...extra,
});

describe('coverageDisplay', () => {
  it.each([
    [{ status: 'covered', confidence: 0.9, uncovered: [] }, { kind: 'none' }],
    [{ status: 'covered', confidence: 0.5, uncovered: [] }, { kind: 'none' }],
    [
      { status: 'covered', confidence: 0.49, uncovered: [] },
      { kind: 'caution', partly: false, uncovered: [], lowConfidence: true },
    ],
    [
      { status: 'partial', confidence: 0.7, uncovered: ['tank cars'] },
      { kind: 'caution', partly: true, uncovered: ['tank cars'], lowConfidence: false },
    ],
    [
      { status: 'partial', confidence: 0.2, uncovered: ['tank cars'] },
      { kind: 'caution', partly: true, uncovered: ['tank cars'], lowConfidence: true },
    ],
    [{ status: 'not_covered', confidence: 0, uncovered: [] }, { kind: 'not_covered' }],
  ] as const)('%j → %j', (coverage, display) => {
    expect(coverageDisplay(reply({ coverage: { ...coverage, uncovered: [...coverage.uncovered] } }))).toEqual(display);
  });

  it('shows nothing for questions, apologies and replies stored without coverage, except an old decline', () => {
    const notCovered: ChatMessage['coverage'] = { status: 'not_covered', confidence: 0, uncovered: [] };
    expect(coverageDisplay({ ...reply({ coverage: notCovered }), role: 'user' })).toEqual({ kind: 'none' });
    expect(coverageDisplay(reply({ coverage: notCovered, isError: true }))).toEqual({ kind: 'none' });
    expect(coverageDisplay(reply({ coverage: null }))).toEqual({ kind: 'none' });
    expect(coverageDisplay(reply({ content: "I couldn't find a clause in 49 CFR that addresses this." }))).toEqual({ kind: 'not_covered' });
  });
});

describe('conversationToMarkdown', () => {
  it('carries the coverage notices and the pinpointed paragraphs', () => {
    const markdown = conversationToMarkdown(
      [
        reply({
          id: 'a1',
          content: 'Freight trains: 40 mph [49 CFR 213.9(a)].',
          citations: [{ standard: '49 CFR', ref: '213.9', pinpoint: '213.9(a)', heading: 'Classes of track.', excerpt: '(a) …' }],
          coverage: { status: 'partial', confidence: 0.4, uncovered: ['tank cars'] },
        }),
        reply({
          id: 'a2',
          content: "I couldn't find a clause in 49 CFR that addresses this.",
          coverage: { status: 'not_covered', confidence: 0, uncovered: [] },
        }),
      ],
      { standard: '49 CFR', discipline: 'Track and Civil', exportedAt: new Date('2026-11-02T10:00:00Z') },
    );
    expect(markdown).toContain('_Partly covered: the clauses found do not address tank cars._');
    expect(markdown).toContain('_Low confidence: check the cited clauses._');
    expect(markdown).toContain('- **49 CFR 213.9(a)** Classes of track.: (a) …');
    expect(markdown).toContain('_Not covered by the library._');
  });
});

describe('loadStoredChat', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a stored coverage and drops a malformed one', () => {
    const coverage = { status: 'partial', confidence: 0.6, uncovered: ['tank cars'] };
    localStorage.setItem(
      STORAGE_KEYS.chatHistory,
      JSON.stringify({
        userId: 'u1',
        selectedDiscipline: 'Track and Civil',
        messages: [reply({ id: 'a1', coverage: coverage as ChatMessage['coverage'] }), { ...reply({ id: 'a2' }), coverage: { status: 'sure' } }],
      }),
    );
    expect(loadStoredChat('u1')?.messages.map((m) => m.coverage ?? null)).toEqual([coverage, null]);
  });
});
