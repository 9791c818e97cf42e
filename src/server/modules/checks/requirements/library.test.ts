import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LimitRequirement, LoadedRequirement } from '../../../../shared/schemas/requirements';
import { bundledCorpusDir, loadBundledCorpus } from '../../../test/corpus';
import { useTestApp } from '../../../test/app';
import { parseJsonl } from '../../standards/importers/jsonl';
import { importCurrentEdition, listDocumentEditions } from '../../standards/service';
import { evaluateFormula } from './formulas';
import { describeRequirementsReport, loadRequirements, type RequirementsLibrary } from './library';

const PARTS = ['213', '214', '234', '237'];

function limitOf(library: RequirementsLibrary, id: string): LimitRequirement & LoadedRequirement {
  const found = library.requirements.find((r) => r.id === id);
  if (!found || found.kind !== 'limit') throw new Error(`no limit requirement ${id}`);
  return found;
}

/** Part 213 of the bundled corpus as a later edition, with `edit` applied to one clause's text. */
function scratchPart213(ref: string, edit: (text: string) => string) {
  const [document] = parseJsonl(readFileSync(path.join(bundledCorpusDir, 'part-213.jsonl'), 'utf8'), { fileName: 'part-213.jsonl' });
  if (!document) throw new Error('part-213.jsonl has no document');
  let edited = 0;
  const clauses = document.clauses.map((c) => {
    if (c.ref !== ref) return c;
    edited += 1;
    return { ...c, text: edit(c.text) };
  });
  if (edited !== 1) throw new Error(`clause ${ref} not found`);
  return { ...document, edition: 'eCFR, up to date as of 2099-01-01 (scratch)', clauses };
}

describe('requirements library against the bundled 49 CFR', () => {
  const ctx = useTestApp();
  let library: RequirementsLibrary;
  beforeAll(async () => {
    await loadBundledCorpus(ctx().database.db, PARTS);
    library = await loadRequirements(ctx().database.db);
  });

  it('reads the class speeds of § 213.9(a) from the table: Class 3 freight 40 mph, passenger 60 mph', () => {
    const freight = limitOf(library, '213.9(a)/max_operating_speed/class-3/freight');
    expect(freight).toMatchObject({ status: 'enabled', origin: 'table', comparator: '<=', limit: { value: 40, unit: 'mph' } });
    expect(freight.conditions).toEqual({ trackClasses: [3], trainType: 'freight' });
    expect(freight.quote).toBe('Class 3 track | 40 | 60');
    expect(freight.verifiedIn).toMatchObject({ clauseRef: '213.9', documentTitle: 'Part 213' });
    expect(limitOf(library, '213.9(a)/max_operating_speed/class-3/passenger').limit.value).toBe(60);
    expect(limitOf(library, '213.9(a)/max_operating_speed/excepted/freight').limit.value).toBe(10);
    expect(library.requirements.some((r) => r.id === '213.9(a)/max_operating_speed/excepted/passenger')).toBe(false); // N/A
    expect(limitOf(library, '213.307(a)/max_operating_speed/class-8/trains').limit.value).toBe(160);
  });

  it('reads gage, alinement, surface, crossties, mismatch and guard limits with their units', () => {
    const value = (id: string) => limitOf(library, id).limit.value;
    expect(value('213.53(b)/gage/class-1/min')).toBe(56); // 4′8″
    expect(value('213.53(b)/gage/class-2-3/max')).toBe(57.75); // 4′9 3/4″
    expect(value('213.53(b)/gage/excepted/max')).toBe(58.25); // 4′10 1/4″
    expect(limitOf(library, '213.53(b)/gage/class-4-5/max').conditions.trackClasses).toEqual([4, 5]);
    expect(value('213.55(a)/alinement_deviation/class-3/curve-31ft')).toBe(1.25);
    expect(value('213.55(a)/alinement_deviation/class-5/tangent-62ft')).toBe(0.75);
    expect(value('213.55(b)/alinement_deviation/class-4/curve-62ft')).toBe(0.875);
    expect(value('213.63(a)/profile_deviation/profile-62ft/class-2')).toBe(2.75);
    expect(value('213.63(a)/crosslevel_difference/warp-62ft/class-4')).toBe(1.75);
    expect(value('213.63(a)/spiral_crosslevel_variation/spiral-31ft/class-5')).toBe(0.75);
    expect(value('213.63(b)/crosslevel_difference/short-warp/class-1')).toBe(2);
    expect(limitOf(library, '213.109(b)(4)/crossties_per_39ft/class-4-5/turnout-or-curve-gt-2deg')).toMatchObject({
      comparator: '>=',
      limit: { value: 14, unit: 'crossties' },
      conditions: { trackClasses: [4, 5] },
    });
    expect(value('213.115/rail_end_mismatch/class-2/gage-side')).toBe(0.1875);
    expect(value('213.143(a)/guard_check_gage/class-3-4/guard-check')).toBe(54.375); // 4′6 3/8″
    expect(value('213.323(b)/gage_change/class-6/change-31ft')).toBe(0.75);
    // Subpart G: the Curved row under each class (its label repeats) is read after its class's row.
    expect(value('213.327(b)/alinement_deviation/class-6-curve/62ft')).toBe(0.625);
    expect(value('213.327(b)/alinement_deviation/class-7-curve/124ft')).toBe(1.25);
    expect(value('213.327(b)/alinement_deviation/class-9-tangent/124ft')).toBe(0.75);
    expect(value('213.331(a)/crosslevel_difference/short-warp/class-7')).toBe(1.125);
  });

  it('holds at least 80 requirements, every one verified against the library, and reports what it disabled', () => {
    const { report } = library;
    expect(report.enabled).toBeGreaterThanOrEqual(80);
    expect(report.disabledRequirements).toEqual([]);
    expect(report.total).toBe(library.requirements.length);
    expect(Object.keys(report.byPart).sort()).toEqual(PARTS);
    expect(report.byOrigin.table).toBeGreaterThanOrEqual(100);
    expect(report.formulas).toBe(1);
    expect(report.editions.map((e) => e.title)).toEqual(['Part 213', 'Part 214', 'Part 234', 'Part 237']);
    for (const r of library.requirements) expect(r.verifiedIn, r.id).not.toBeNull();
    expect(new Set(library.requirements.map((r) => r.id)).size).toBe(library.requirements.length);
    expect(describeRequirementsReport(report).summary).toMatch(
      /^Requirements: 271 of 271 enabled \(Part 213 233\/233, Part 214 1\/1, Part 234 31\/31, Part 237 6\/6; 178 read from tables, 93 authored, of which 1 a formula\), 0 disabled, in [\d.]+ ms$/,
    );
  });

  it('carries the § 213.57(b) curve speed formula, verified with its constant', () => {
    const formula = library.requirements.find((r) => r.id === '213.57(b)/curve_max_speed/formula');
    expect(formula).toMatchObject({ status: 'enabled', kind: 'formula', quote: 'Vmax = √( (Ea + Eu) / (0.0007 × D) )' });
    // Table 1 of appendix A: 4 in. of elevation, Eu 3 in., 2° curve → 70.7 mph.
    expect(evaluateFormula('curve-vmax', { Ea: 4, Eu: 3, D: 2 })).toBeCloseTo(70.71, 2);
    expect(limitOf(library, '213.57(c)/cant_deficiency/unapproved-vehicle')).toMatchObject({
      limit: { value: 3, unit: 'in' },
      conditions: { vehicleTypeApproved: false },
    });
  });

  it('covers the crossing and bridge limits engineers check', () => {
    expect(limitOf(library, '234.225/crossing_warning_time/through-trains')).toMatchObject({
      status: 'enabled',
      comparator: '>=',
      limit: { value: 20, unit: 'seconds' },
    });
    expect(limitOf(library, '237.101(a)/inspection_interval/days-between')).toMatchObject({ status: 'enabled', limit: { value: 540, unit: 'days' } });
    expect(limitOf(library, '237.101(a)/inspection_frequency/annual').verifiedIn?.clauseRef).toBe('237.101');
  });
});

describe('requirements library when an edition changes', () => {
  const ctx = useTestApp();
  beforeAll(async () => {
    await loadBundledCorpus(ctx().database.db, ['213', '214', '234']);
  });

  it('reports every requirement of a part the library does not hold as disabled, never active', async () => {
    const { requirements, report } = await loadRequirements(ctx().database.db);
    const bridge = requirements.filter((r) => r.ref.startsWith('237.'));
    expect(bridge.length).toBeGreaterThan(0);
    for (const r of bridge) expect(r).toMatchObject({ status: 'disabled', disabledReason: expect.stringMatching(/^clause 237\.\d+.* is not in the library$/) });
    expect(report.byPart['237']).toEqual({ enabled: 0, disabled: bridge.length });
  });

  it('disables and reports a requirement whose number a new edition changed, and applies no stale limit', async () => {
    const db = ctx().database.db;
    const before = await loadRequirements(db);
    expect(limitOf(before, '213.57(a)/outside_rail_elevation/classes-1-2').status).toBe('enabled');

    const scratch = scratchPart213('213.57(a)', (text) =>
      text.replace('more than 8 inches on track Classes 1 and 2', 'more than 9 inches on track Classes 1 and 2'),
    );
    expect(await importCurrentEdition(db, '49 CFR', scratch)).toMatchObject({ status: 'new-edition', otherEditions: ['eCFR, up to date as of 2026-06-17'] });
    // The old edition, with the old words, is kept beside the new one: verification reads the one in force only.
    const { editions } = await listDocumentEditions(db, '49 CFR', 'Part 213');
    expect(editions.map((e) => [e.edition, e.current])).toEqual([
      [scratch.edition, true],
      ['eCFR, up to date as of 2026-06-17', false],
    ]);

    const after = await loadRequirements(db);
    const changed = limitOf(after, '213.57(a)/outside_rail_elevation/classes-1-2');
    expect(changed.status).toBe('disabled');
    expect(changed.disabledReason).toContain('(eCFR, up to date as of 2099-01-01 (scratch))');
    expect(after.report.disabledRequirements).toContainEqual({
      id: '213.57(a)/outside_rail_elevation/classes-1-2',
      ref: '213.57(a)',
      label: changed.label,
      reason: changed.disabledReason,
    });
    expect(describeRequirementsReport(after.report).disabled).toContain(
      `Requirements: disabled 213.57(a)/outside_rail_elevation/classes-1-2: ${changed.disabledReason}`,
    );
    // The words of Classes 3–5 did not change: that requirement stays on, verified in the new edition.
    expect(limitOf(after, '213.57(a)/outside_rail_elevation/classes-3-5')).toMatchObject({ status: 'enabled', verifiedIn: { edition: scratch.edition } });
  });

  it('reads a table number a new edition changed, and disables a row it can no longer read', async () => {
    const db = ctx().database.db;
    const scratch = scratchPart213('213.9', (text) =>
      text.replace('Class 3 track | 40 | 60', 'Class 3 track | 45 | 60').replace('Class 4 track | 60 | 80', 'Class 4 track | sixty | 80'),
    );
    await importCurrentEdition(db, '49 CFR', { ...scratch, edition: 'eCFR, up to date as of 2099-02-01 (scratch)' });
    const { requirements, report } = await loadRequirements(db);
    expect(limitOf({ requirements, report }, '213.9(a)/max_operating_speed/class-3/freight')).toMatchObject({
      status: 'enabled',
      limit: { value: 45 },
      quote: 'Class 3 track | 45 | 60',
    });
    expect(requirements.some((r) => r.id === '213.9(a)/max_operating_speed/class-4/freight')).toBe(false);
    expect(report.disabledRequirements).toContainEqual(
      expect.objectContaining({
        id: '213.9(a)/max_operating_speed/class-4/freight',
        reason: '213.9(a): row "Class 4 track", freight trains: "sixty" is not a number',
      }),
    );
    expect(limitOf({ requirements, report }, '213.9(a)/max_operating_speed/class-4/passenger')).toMatchObject({ status: 'enabled', limit: { value: 80 } });
  });

  it('disables a whole table whose heading changed', async () => {
    const db = ctx().database.db;
    const scratch = scratchPart213('213.9', (text) => text.replace('operating speed for freight', 'operating speed for light rail'));
    await importCurrentEdition(db, '49 CFR', { ...scratch, edition: 'eCFR, up to date as of 2099-03-01 (scratch)' });
    const { requirements, report } = await loadRequirements(db);
    expect(requirements.filter((r) => r.ref === '213.9(a)')).toEqual([]);
    const off = report.disabledRequirements.filter((d) => d.ref === '213.9(a)');
    expect(off).toHaveLength(11);
    expect(off[0]?.reason).toBe('213.9(a): the table\'s heading no longer reads "operating speed for freight | operating speed for passenger"');
  });

  it('reads no older edition: one imported afterwards, whatever its words, leaves the requirements as the edition in force has them', async () => {
    const db = ctx().database.db;
    const older = scratchPart213('213.57(a)', (text) =>
      text.replace('more than 8 inches on track Classes 1 and 2', 'more than 7 inches on track Classes 1 and 2'),
    );
    const result = await importCurrentEdition(db, '49 CFR', { ...older, edition: 'eCFR, up to date as of 2001-01-01 (scratch)' });
    expect(result).toMatchObject({ status: 'older-edition', otherEditions: ['eCFR, up to date as of 2099-03-01 (scratch)'] });
    const library = await loadRequirements(db);
    expect(limitOf(library, '213.57(a)/outside_rail_elevation/classes-1-2')).toMatchObject({
      status: 'enabled',
      limit: { value: 8 },
      verifiedIn: { edition: 'eCFR, up to date as of 2099-03-01 (scratch)' },
    });
  });
});
