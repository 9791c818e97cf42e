import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { loadBundledCorpus } from '../../../test/corpus';
import { logRequirementsReport } from './startup';

describe('requirements report at start', () => {
  const ctx = useTestApp();

  function collectLog() {
    const lines: string[] = [];
    return { lines, log: { info: (m: string) => lines.push(`info ${m}`), warn: (m: string) => lines.push(`warn ${m}`) } };
  }

  it('logs one summary line, and a warning for each requirement whose clause is not in the library', async () => {
    await loadBundledCorpus(ctx().database.db, ['213', '214', '234']);
    const { lines, log } = collectLog();
    await logRequirementsReport(ctx().database.db, log);
    expect(lines[0]).toMatch(
      /^info Requirements: \d+ of \d+ enabled \(Part 213 233\/233, Part 214 1\/1, Part 234 31\/31, Part 237 0\/6; 178 read from tables, 93 authored, of which 1 a formula\), 6 disabled, in [\d.]+ ms$/,
    );
    const warnings = lines.slice(1);
    expect(warnings).toHaveLength(6);
    expect(warnings).toContain('warn Requirements: disabled 237.101(a)/inspection_interval/days-between: clause 237.101(a) is not in the library');
  });

  it('logs a warning instead of failing the start when the library cannot be read', async () => {
    const { lines, log } = collectLog();
    const broken = {
      select: () => {
        throw new Error('database is closed');
      },
    } as unknown as Parameters<typeof logRequirementsReport>[0];
    await logRequirementsReport(broken, log);
    expect(lines).toEqual(['warn Requirements: could not be loaded: database is closed']);
  });
});
