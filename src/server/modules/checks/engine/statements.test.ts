import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkResultSchema, type CheckResult, type Finding } from '../../../../shared/schemas/checks';
import type { DocumentBlock, DocumentContent } from '../../../../shared/schemas/document-content';
import { readDocument } from '../readers';
import { checkDocument } from './index';
import { findQuantities } from './quantities';
import { splitSentences } from './sentences';
import { readSentence } from './statements';
import { useCheckLibrary } from './test-library';

const samples = path.resolve(import.meta.dirname, '../../../../../../shared/design-samples');
const hasSamples = fs.existsSync(path.join(samples, 'answer-key.json'));

const library = useCheckLibrary();

type Block = string | { heading: string; level?: number } | { table: string[]; rows: string[][] };

/** Checks a document made of paragraphs (a string each), headings and tables, as the DOCX reader would give them. */
function check(...blocks: Block[]): CheckResult {
  let section: string | undefined;
  let paragraph = 0;
  const content: DocumentContent = {
    type: 'docx',
    blocks: blocks.map((b): DocumentBlock => {
      if (typeof b === 'string') {
        paragraph += 1;
        return { kind: 'paragraph', text: b, location: { text: b, paragraph, ...(section ? { section } : {}) } };
      }
      if ('heading' in b) {
        section = b.heading;
        paragraph = 0;
        return { kind: 'paragraph', text: b.heading, headingLevel: b.level ?? 1, location: { text: b.heading, section: b.heading } };
      }
      return {
        kind: 'table',
        headerRow: 1,
        columns: b.table,
        units: b.table.map(() => null),
        rows: b.rows.map((cells, i) => ({ cells, location: { row: i + 2, text: cells.join(' | ') } })),
      };
    }),
  };
  const result = checkDocument(content, library());
  expect(checkResultSchema.parse(result)).toEqual(result);
  return result;
}

/** The findings of one parameter (and citation). */
const of = (result: CheckResult, parameter: string, ref?: string): Finding[] =>
  result.findings.filter((f) => f.parameter === parameter && (!ref || f.requirement?.ref === ref));
const one = (result: CheckResult, parameter: string, ref?: string): Finding => {
  const found = of(result, parameter, ref);
  expect(found, `${parameter} ${ref ?? ''}: ${JSON.stringify(result.findings.map((f) => [f.parameter, f.requirement?.ref, f.verdict]))}`).toHaveLength(1);
  return found[0]!;
};

describe('reading sentences and quantities', () => {
  it('splits sentences without cutting at unit abbreviations, initials or decimals', () => {
    const text =
      'Curving speeds use Eu = 4 in. The Series 200 was approved by K. Lindqvist at MP 126.20 for up to 4 in. (102 mm) of cant deficiency. Ballast is AREMA No. 24 granite.';
    expect(splitSentences(text).map((s) => s.text)).toEqual([
      'Curving speeds use Eu = 4 in.',
      'The Series 200 was approved by K. Lindqvist at MP 126.20 for up to 4 in. (102 mm) of cant deficiency.',
      'Ballast is AREMA No. 24 granite.',
    ]);
  });

  it('reads fractions, feet and inches, metric figures, durations, counts and frequencies with their bounds', () => {
    const read = (text: string) => findQuantities(text).map((q) => [q.value, q.unit, q.bound ?? null, q.conversion ?? false]);
    expect(read('not exceed 1/4 in. (6.4 mm), 7½ in, 7 1/2 in.')).toEqual([
      [0.25, 'in', 'max', false],
      [6.4, 'mm', null, true],
      [7.5, 'in', null, false],
      [7.5, 'in', null, false],
    ]);
    expect(read('gage of 4 ft 8 1/2 in. at 90 km/h over an 18-month cycle, 548 days, 18 seconds')).toEqual([
      [56.5, 'in', null, false],
      [90, 'km/h', null, false],
      [18, 'months', null, false],
      [548, 'days', null, false],
      [18, 'seconds', null, false],
    ]);
    expect(read('at least 9 effective crossties per 39 ft; fourteen crossties; twice weekly; at least once in each calendar year')).toEqual([
      [9, 'crossties', 'min', false],
      [39, 'ft', null, false],
      [14, 'crossties', null, false],
      [2, 'per week', null, false],
      [1, 'per calendar year', 'min', false],
    ]);
    expect(read("a 4°00' curve; 12 ft or more; between 56 in. and 57 3/4 in.; 95 °F; MP 126.20; 286,000-lb")).toEqual([
      [4, 'deg', null, false],
      [12, 'ft', 'min', false],
      [56, 'in', 'min', false],
      [57.75, 'in', 'max', false],
    ]);
  });

  it('tells design values from restated rules, approvals, computed Vmax and increments', () => {
    const roles = (text: string) => readSentence(text).values.map((v) => [v.quantity.text, v.parameter, v.role]);
    expect(roles('FRA limits Class 4 track to 7 in. of superelevation.')).toEqual([['7 in.', 'outside_rail_elevation', 'restated']]);
    expect(roles('Under 49 CFR 213.9 the maximum speed permitted for freight trains on Class 3 track is 40 mph.')).toEqual([
      ['40 mph', 'max_operating_speed', 'restated'],
    ]);
    expect(roles('The design superelevation of 6 in. stays below the FRA limit of 7 in.')).toEqual([
      ['6 in.', 'outside_rail_elevation', 'value'],
      ['7 in.', 'outside_rail_elevation', 'restated'],
    ]);
    expect(roles('The Series 200 was approved by FRA for a cant deficiency of up to 4 in.')).toEqual([['4 in.', 'cant_deficiency', 'approval']]);
    expect(roles('With Eu = 3 in., Vmax = 63.2 mph, so the freight speed of 60 mph is kept.')).toEqual([
      ['3 in.', 'cant_deficiency', 'value'],
      ['63.2 mph', 'curve_max_speed', 'derived'],
      ['60 mph', 'max_operating_speed', 'value'],
    ]);
    expect(roles('Superelevation is applied in increments of 1/4 in. on 7 in. × 9 in. ties.')).toEqual([]);
    expect(roles('A train approaching at 79 mph gets a warning time of 25 seconds.')).toEqual([['25 seconds', 'crossing_warning_time', 'value']]);
  });
});

describe('checking statements', () => {
  it('superelevation: above, at and within the limit of the class the sentence states', () => {
    const over = check('The maximum superelevation on Class 4 track will be 7 1/4 in. (184 mm).');
    expect(one(over, 'outside_rail_elevation')).toMatchObject({
      verdict: 'non_conformance',
      value: 7.25,
      unit: 'in',
      condition: { trackClass: 4, geometry: 'curve' },
      requirement: { ref: '213.57(a)', limit: '≤ 7 in' },
      location: { text: 'The maximum superelevation on Class 4 track will be 7 1/4 in. (184 mm).', paragraph: 1 },
    });
    expect(one(check('Curves on Class 3 track are superelevated up to 7 in.'), 'outside_rail_elevation').verdict).toBe('conforms');
    expect(one(check('On the Class 2 branch the existing cant of 7 3/4 in. is retained.'), 'outside_rail_elevation')).toMatchObject({
      verdict: 'conforms',
      requirement: { limit: '≤ 8 in' },
    });
  });

  it('superelevation named as the elevation of a rail or a raised high rail, never a reverse or unbalanced elevation', () => {
    expect(one(check('On Class 3 track the bridge curve carries a design elevation of 7 1/2 in.'), 'outside_rail_elevation')).toMatchObject({
      verdict: 'non_conformance',
      requirement: { ref: '213.57(a)' },
    });
    expect(one(check('Through the Class 2 reverse curves the high rail will be raised 6 in.'), 'outside_rail_elevation').verdict).toBe('conforms');
    expect(one(check('At the Class 5 bridge approach the outer rail elevation is set to 6 3/4 in.'), 'outside_rail_elevation').verdict).toBe('conforms');
    expect(of(check('Class 4 curve speeds assume 3 in. of unbalanced elevation.'), 'outside_rail_elevation')).toEqual([]);
  });

  it('restatements of the rule and numbers that are not design values make no finding', () => {
    const result = check(
      'FRA limits Class 4 track to 7 in. of superelevation.',
      '49 CFR 234.225 requires at least 20 seconds of warning time.',
      'The line carries 22 million gross tons a year on 115-lb rail laid in 1968, with 38,000 new crossties.',
      'Design superelevation is applied in increments of 1/4 in.',
    );
    expect(result.findings).toEqual([]);
  });

  it('a missing class makes the value needs-review, saying on which classes it conforms; agreement on every class decides', () => {
    const unknown = one(check('The yard lead curve keeps its superelevation of 7 1/4 in.'), 'outside_rail_elevation');
    expect(unknown.verdict).toBe('needs_review');
    expect(unknown.message).toBe(
      'Track class not stated: 7.25 in conforms on Classes 1–2 (≤ 8 in) but does not meet ≤ 7 in on Classes 3–9 (§ 213.57(a)); review it with the class.',
    );
    expect(one(check('The yard lead curve keeps its superelevation of 8 1/2 in.'), 'outside_rail_elevation').verdict).toBe('non_conformance');
    expect(one(check('The spur curve has a superelevation of 3 in.'), 'outside_rail_elevation').verdict).toBe('conforms');
  });

  it('the class comes from the heading above, a segment table or a milepost, and a sentence’s own class wins', () => {
    const heading = check(
      { heading: '5 Curves on Class 3 track' },
      'The superelevation of curve 7 will be 7 1/4 in.',
      'On Class 2 track the superelevation will be 7 1/4 in.',
    );
    expect(of(heading, 'outside_rail_elevation').map((f) => [f.condition.trackClass, f.verdict])).toEqual([
      [3, 'non_conformance'],
      [2, 'conforms'],
    ]);
    const table = {
      table: ['Segment', 'Limits', 'FRA class'],
      rows: [
        ['A', 'MP 10.0 – MP 20.0', 'Class 4'],
        ['B', 'MP 20.0 – MP 30.0', 'Class 2'],
      ],
    };
    const segments = check(table, 'On Segment B the maximum passenger speed will be 35 mph.', 'Curve 9 at MP 12.40 has a superelevation of 6 1/2 in.');
    expect(one(segments, 'max_operating_speed')).toMatchObject({ verdict: 'non_conformance', condition: { trackClass: 2, trainType: 'passenger' } });
    expect(one(segments, 'outside_rail_elevation')).toMatchObject({ verdict: 'conforms', condition: { trackClass: 4 } });
  });

  it('cant deficiency above 3 in. conforms for a vehicle type FRA approved for it and is a non-conformance without approval', () => {
    const approved = check(
      'Curving speeds for the Model 8 trainsets are calculated with Eu = 5 in.',
      'The Model 8 vehicle type has been approved by FRA for operation at a cant deficiency of up to 5 in.',
    );
    expect(one(approved, 'cant_deficiency')).toMatchObject({
      verdict: 'conforms',
      requirement: { ref: '213.57(h)(1)' },
      condition: { vehicleTypeApproved: true },
    });
    const pending = check(
      'Speeds for the Series 9 are based on Eu = 4 in.; the railroad will apply to FRA for approval of the Series 9 vehicle type next year.',
    );
    expect(one(pending, 'cant_deficiency')).toMatchObject({ verdict: 'non_conformance', condition: { vehicleTypeApproved: false } });
    expect(['213.57(c)', '213.57(d)']).toContain(one(pending, 'cant_deficiency').requirement?.ref);
    const unstated = check('Passenger curving speeds use a cant deficiency of 4 in.');
    expect(one(unstated, 'cant_deficiency').verdict).toBe('needs_review');
    expect(one(check('Freight curving speeds use a cant deficiency Eu of 3 in.'), 'cant_deficiency').verdict).toBe('conforms');
  });

  it('an FRA qualification, pending or granted, is read as the approval of the vehicle type', () => {
    const pending = check('On Class 3 track the Series 40 railcars, still awaiting FRA qualification, are assumed to run with 4 1/2 in. of cant deficiency.');
    expect(one(pending, 'cant_deficiency')).toMatchObject({ verdict: 'non_conformance', condition: { vehicleTypeApproved: false } });
    const granted = check('On Class 3 track the Series 40 railcars, FRA-qualified for Eu up to 5 in., are assumed to run with 4 1/2 in. of cant deficiency.');
    expect(one(granted, 'cant_deficiency')).toMatchObject({ verdict: 'conforms', condition: { vehicleTypeApproved: true } });
  });

  it('curving speed against Vmax of § 213.57(b), from a degree of curve or a radius (ft or m)', () => {
    // √((4 + 3)/(0.0007 × 3)) = 57.7 mph
    const degree = check('Curve C-3 (3°00′, Ea = 4 in.) on Class 4 track: with Eu = 3 in. the freight speed will be 55 mph.');
    expect(one(degree, 'max_operating_speed', '213.57(b)')).toMatchObject({ verdict: 'conforms', condition: { degreeOfCurve: 3 } });
    // R = 1,146 ft → D = 5.0°; √((5 + 3)/(0.0007 × 5)) = 47.8 mph
    const radius = check(
      'Curve 7 on Class 4 track has a radius of 1,146 ft and a superelevation of 5 in.; the passenger speed with Eu = 3 in. will be 50 mph.',
    );
    const fast = one(radius, 'max_operating_speed', '213.57(b)');
    expect(fast.verdict).toBe('non_conformance');
    expect(fast.message).toBe('Curving speed 50 mph exceeds Vmax 47.8 mph by 2.2 mph (§ 213.57(b)).');
    // R = 600 m = 1968.5 ft → D = 2.91°; √((4 + 3)/(0.0007 × 2.91)) = 58.6 mph
    const metric = check('Curve 2 on Class 4 track: radius 600 m, superelevation Ea = 4 in., freight speed 60 mph with Eu = 3 in.');
    expect(one(metric, 'max_operating_speed', '213.57(b)').verdict).toBe('non_conformance');
    // A curve's degree and Ea stated earlier hold for a later statement about it.
    const later = check('Curve C-22 (4°00′, Ea = 5 in.) lies on Class 3 track.', 'The passenger speed through curve C-22 will be 60 mph with Eu = 3 in.');
    expect(one(later, 'max_operating_speed', '213.57(b)').verdict).toBe('non_conformance');
  });

  it('a speed set by a verb in a later clause; a name right after a figure is its own; a named DMU keeps its approval', () => {
    // √((4 + 3)/(0.0007 × 5)) = 44.7 mph: the 3 in. is the unbalance, not a second elevation.
    const posted = check('On Class 3 track, coal trains operate at 45 mph through curve 8, a 5°00′ curve carrying 4 in. of elevation, with a 3 in. unbalance.');
    expect(one(posted, 'max_operating_speed', '213.57(b)')).toMatchObject({ verdict: 'non_conformance', condition: { degreeOfCurve: 5 } });
    expect(one(posted, 'outside_rail_elevation').value).toBe(4);
    // √((4 + 3)/(0.0007 × 2.5)) = 63.2 mph
    const semicolon = check(
      'Curve 21 on Class 4 track has a degree of curvature of 2°30′ and 4 in. of cant; it is posted for freight at 60 mph with Eu = 3 in.',
    );
    expect(one(semicolon, 'max_operating_speed', '213.57(b)')).toMatchObject({ verdict: 'conforms', condition: { degreeOfCurve: 2.5 } });
    // √((4 + 5)/(0.0007 × 2)) = 80.2 mph, with the 5 in. FRA approved for the Bayview DMU.
    const dmu = check(
      'The Bayview DMU is approved by FRA for up to 6 in. of cant deficiency.',
      'Curve 3 on Class 4 track (2°00′, Ea = 4 in.) is timetabled for the Bayview DMU at 75 mph with a cant deficiency of 5 in.',
    );
    expect(one(dmu, 'max_operating_speed', '213.57(b)').verdict).toBe('conforms');
    expect(of(dmu, 'cant_deficiency').map((f) => f.verdict)).toEqual(['conforms']);
  });

  it('metric figures are converted: mm, km/h, m', () => {
    expect(one(check('The superelevation on Class 4 track is limited to 185 mm.'), 'outside_rail_elevation').verdict).toBe('non_conformance');
    expect(one(check('The freight speed on Class 4 track will be 100 km/h.'), 'max_operating_speed')).toMatchObject({
      verdict: 'non_conformance',
      unit: 'km/h',
    });
    expect(one(check('Bridge workers working 3 m or more above the water will use safety nets.'), 'fall_protection_height').verdict).toBe('conforms');
  });

  it('crossties per 39 ft by track condition; rail end mismatch by tread and gage side; gage ranges', () => {
    const ties = check(
      'On Class 4 track at least 12 crossties per 39 ft will be kept on tangent track.',
      'On Class 4 track at least 12 crossties per 39-ft segment will be kept in turnouts.',
      'On Class 3 track, curves greater than 2° will have at least 10 effective crossties in each 39-ft segment.',
    );
    expect(of(ties, 'crossties_per_39ft').map((f) => f.verdict)).toEqual(['conforms', 'non_conformance', 'conforms']);
    const joints = check('On Class 4 track rail end mismatch will not exceed 1/8 in. on the tread and 3/16 in. on the gage side.');
    expect(of(joints, 'rail_end_mismatch').map((f) => [f.condition.aspect, f.verdict])).toEqual([
      ['tread', 'conforms'],
      ['gage side', 'non_conformance'],
    ]);
    const gage = check('Gage on Class 4 track will be maintained between 56 in. and 57 3/4 in.');
    expect(of(gage, 'gage').map((f) => [f.value, f.verdict, f.requirement?.limit])).toEqual([
      [56, 'conforms', '≥ 56 in'],
      [57.75, 'non_conformance', '≤ 57.5 in'],
    ]);
  });

  it('a mismatch named by its side far from its figure, with the limit worded "must not be greater than"', () => {
    const far = check('For Class 2 track, any gage-side mismatch found across joint bars in the yard throat must not be greater than 3/16 in.');
    expect(one(far, 'rail_end_mismatch')).toMatchObject({ verdict: 'conforms', value: 0.1875, requirement: { ref: '213.115' } });
    const over = check('On Class 5 track the running-surface mismatch between abutting rail ends shall not be more than 3/16 in.');
    expect(one(over, 'rail_end_mismatch').verdict).toBe('non_conformance');
    expect(findQuantities('the gap must not be greater than 2 in. and must not be less than 1 in.').map((q) => q.bound)).toEqual(['max', 'min']);
  });

  it('words that govern only the class they name ("Class 3 only with …") do not hold back a verdict on another class', () => {
    const class5 = check('Ultrasonic testing for internal rail defects on the Class 5 route is planned at intervals of up to 14 months.');
    expect(one(class5, 'inspection_interval', '213.237(c)')).toMatchObject({ verdict: 'non_conformance', condition: { trackClass: 5 } });
    const class3 = check('Ultrasonic testing for internal rail defects on the Class 3 route is planned at intervals of up to 14 months.');
    expect(of(class3, 'inspection_interval').map((f) => f.verdict)).toEqual(['needs_review']);
  });

  it('crossing warning time and inspection intervals of track and bridges', () => {
    const crossing = check('The warning time at the Main Street crossing will be 18 seconds.', 'All other crossings get 30 s of warning time.');
    expect(of(crossing, 'crossing_warning_time').map((f) => [f.verdict, f.requirement?.ref])).toEqual([
      ['non_conformance', '234.225'],
      ['conforms', '234.225'],
    ]);
    const track = check(
      'Class 3 main track, which carries passenger trains, will be inspected twice weekly with at least 1 calendar day interval between inspections.',
      'The Class 2 siding will be inspected weekly with at least 3 calendar days between inspections.',
    );
    expect(track.findings.map((f) => [f.parameter, f.verdict, f.requirement?.ref])).toEqual([
      ['inspection_frequency', 'conforms', '213.233(c)'],
      // Weekly is enough unless the siding carries passenger trains or more than 10 mgt, which the sentence does not say.
      ['inspection_frequency', 'needs_review', '213.233(c)'],
      ['days_between_inspections', 'conforms', '213.233(c)'],
    ]);
    expect(track.findings[1]!.message).toContain('carries passenger trains or more than 10 million gross tons');
    const bridges = check('The timber trestles will be inspected every 20 months.', 'Steel bridges will be inspected at least once each calendar year.');
    expect(bridges.findings.map((f) => [f.parameter, f.verdict, f.requirement?.ref])).toEqual([
      ['inspection_interval', 'non_conformance', '237.101(a)'],
      ['inspection_frequency', 'conforms', '237.101(a)'],
    ]);
  });

  it('second pass: every statement finding quotes its sentence and the value is re-found in it', () => {
    const result = check('The maximum superelevation on Class 4 track will be 7 1/4 in.', 'Eu = 5 in. for the Series 9, which is not approved by FRA.');
    for (const f of result.findings) {
      expect(f.verdict).not.toBe('needs_review');
      expect(f.location.text.length).toBeGreaterThan(0);
    }
    expect(result.findings.map((f) => f.location.text)).toEqual([
      'The maximum superelevation on Class 4 track will be 7 1/4 in.',
      'Eu = 5 in. for the Series 9, which is not approved by FRA.',
    ]);
  });
});

describe.skipIf(!hasSamples)('the design basis report (shared/design-samples)', () => {
  const check = async (name: string) => checkDocument(await readDocument(new Uint8Array(fs.readFileSync(path.join(samples, name))), name), library());
  const verdicts = (result: CheckResult, verdict: Finding['verdict']) =>
    result.findings.filter((f) => f.verdict === verdict).map((f) => `${f.requirement?.ref ?? '-'} ${f.value} ${f.unit}`);

  for (const name of ['design-basis-report.docx', 'design-basis-report.pdf']) {
    it(`${name}: the eight seeded non-conformances, the two ambiguous statements, nothing else`, async () => {
      const result = await check(name);
      expect(verdicts(result, 'non_conformance')).toEqual([
        '213.9(a) 45 mph',
        '213.57(a) 7.5 in',
        '213.57(c) 5 in',
        '213.57(b) 60 mph',
        '213.109(b)(4) 12 crossties',
        '213.115 0.25 in',
        '234.225 18 seconds',
        '237.101(a) 18 months',
      ]);
      expect(verdicts(result, 'needs_review')).toEqual(['213.57(a) 7.25 in', '213.109(b)(4) 9 crossties']);
      const route9 = result.findings.find((f) => f.requirement?.ref === '234.225' && f.verdict === 'non_conformance');
      expect(route9?.location.text).toContain('the warning time for a through passenger train approaching from the west at 79 mph will be 18 seconds');
      if (name.endsWith('.pdf')) expect(route9?.location.page).toBe(7);
      else expect(route9?.location).toMatchObject({ section: '8  Highway-rail grade crossings', paragraph: 3 });
      // The two that look non-conforming: Series 200 at Eu 4 in. (FRA-approved) and 7 3/4 in. on Class 2.
      expect(result.findings.find((f) => f.parameter === 'cant_deficiency' && f.value === 4 && f.location.text.startsWith('Curving speeds'))?.verdict).toBe(
        'conforms',
      );
      expect(result.findings.find((f) => f.value === 7.75)?.verdict).toBe('conforms');
    });
  }
});
