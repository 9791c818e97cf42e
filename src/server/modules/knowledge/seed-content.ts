import type { MaterialKind } from '../../../shared/schemas/knowledge';

/**
 * Demo content for a fresh Trackside: categories (SPEC §3 forum list), Knowledge Hub materials
 * and podcast episodes. Figures quoted from 49 CFR are those of the bundled eCFR text
 * (standards/49-cfr); the articles point readers to the clauses rather than replace them.
 */

export const SEED_CATEGORIES: { name: string; description: string }[] = [
  { name: 'Track Engineering', description: 'Track geometry, rail, sleepers, ballast, turnouts and track maintenance.' },
  { name: 'Signalling', description: 'Train detection, interlocking, level crossing protection and train control.' },
  { name: 'Civil Structures', description: 'Bridges, culverts, retaining walls and other structures carrying or beside the railway.' },
  { name: 'Electrical Systems', description: 'Traction power, overhead line equipment, earthing, bonding and electrical safety.' },
  { name: 'Geotechnical', description: 'Formation, subgrade, earthworks, drainage and slope stability.' },
  { name: 'Industry Insights', description: 'Practice, regulation, careers and the business of railway engineering.' },
];

export const SEED_TAGS = [
  '49 CFR 213',
  '49 CFR 234',
  '49 CFR 237',
  'Track Geometry',
  'CWR',
  'Level Crossings',
  'Bridges',
  'Inspection',
  'Drainage',
  'Ballast',
  'Compliance',
  'Electrification',
  'Safety',
] as const;
export type SeedTag = (typeof SEED_TAGS)[number];

export interface SeedMaterial {
  kind: MaterialKind;
  title: string;
  category: string;
  author: string;
  featured: boolean;
  abstract: string;
  content: string;
  tags: SeedTag[];
}

export const SEED_MATERIALS: SeedMaterial[] = [
  {
    kind: 'article',
    title: 'Track geometry limits under 49 CFR Part 213: a field guide',
    category: 'Track Engineering',
    author: 'Trackside Engineering Team',
    featured: true,
    tags: ['49 CFR 213', 'Track Geometry', 'Inspection', 'Compliance'],
    abstract:
      'Gage, alinement, curve elevation and surface limits for Classes 1 to 5 of track, where they sit in 49 CFR Part 213, and how to read a geometry exception before it becomes a speed restriction.',
    content: `## Why class of track matters

Under the US Federal Railroad Administration's Track Safety Standards, every limit depends on the class of track. § 213.9 ties each class to a maximum operating speed: excepted track 10 mph (freight only); Class 1 10 mph freight and 15 mph passenger; Class 2 25/30 mph; Class 3 40/60 mph; Class 4 60/80 mph; Class 5 80/90 mph. Track that does not meet all the requirements of its intended class is reclassified to the next lowest class it does meet (§ 213.9(b)), so a single geometry exception can cut the line speed.

## Gage (§ 213.53)

Gage is measured between the heads of the rails, at right angles to the rails, in a plane five-eighths of an inch below the top of the rail head. The minimum is 4 ft 8 in for Classes 1 to 5. The maximum is 4 ft 10 in on Class 1, 4 ft 9 3/4 in on Classes 2 and 3, and 4 ft 9 1/2 in on Classes 4 and 5 (excepted track: 4 ft 10 1/4 in). Wide gage under load is the classic symptom of failed crossties or fastenings on curves; measure it loaded where you can, because unloaded gage flatters the track.

## Alinement (§ 213.55)

Tangent track is checked as the mid-offset from a 62-foot line; curved track as the mid-ordinate of a 31-foot or 62-foot chord. The 62-foot limits are 5 in (Class 1), 3 in (Class 2), 1 3/4 in (Class 3), 1 1/2 in (Class 4) and, on Class 5, 3/4 in on tangent and 5/8 in on curves. Tighter limits apply on curves operated at more than 5 inches of cant deficiency (§ 213.55(b)).

## Curves: elevation and speed (§ 213.57)

The outside rail may not be elevated more than 8 in on Classes 1 and 2, or 7 in on Classes 3 to 5. The maximum posted speed for a curve follows Vmax = √((Ea + Eu) / 0.0007D), where Ea is the actual elevation in inches, Eu the qualified cant deficiency and D the degree of curvature. All vehicles are qualified for 3 in of cant deficiency; more needs FRA approval of the vehicle type (§ 213.57(c)-(f)). Actual elevation is averaged over 155-foot segments, so one low spot does not define the curve — but it still counts against the surface limits.

## Surface (§ 213.63)

Three checks cover most field findings:

- Profile: deviation from uniform profile on either rail at the mid-ordinate of a 62-foot chord — 3, 2 3/4, 2 1/4, 2 and 1 1/4 in for Classes 1 to 5.
- Crosslevel on tangent (and reverse elevation on curves) — 3, 2, 1 3/4, 1 1/4 and 1 in.
- Warp: difference in crosslevel between any two points less than 62 ft apart — 3, 2 1/4, 2, 1 3/4 and 1 1/2 in. Where elevation in a curve reaches 6 in or more, the difference within 62 ft towards greater elevation may not exceed 1 1/2 in.

On jointed track with staggered joints, harmonic rock-off is controlled separately: crosslevel differences may not exceed 1 1/4 in in all of six consecutive pairs of joints created by seven low joints (Classes 2 to 5).

## Reading a geometry car report

1. Confirm the class the railroad has designated for the segment, not the class the timetable speed implies.
2. Separate loaded from unloaded measurements and note the chord length behind each exception.
3. Check combinations: § 213.1 warns that conditions none of which is a deviation on its own may still require remedial action together.
4. Record the remedial action — repair, speed restriction to the class the track meets, or removal from service — and who authorised it.

Always confirm against the current eCFR text before acting; the figures here follow the edition bundled with Trackside.`,
  },
  {
    kind: 'article',
    title: 'Level crossing warning time basics',
    category: 'Signalling',
    author: 'Trackside Engineering Team',
    featured: false,
    tags: ['49 CFR 234', 'Level Crossings', 'Inspection', 'Safety'],
    abstract:
      'Minimum warning time, gate timing and the monthly gate inspections of 49 CFR Part 234, and the design quantities that decide whether a crossing actually delivers them.',
    content: `## The minimum: 20 seconds

A highway-rail grade crossing warning system must activate as designed, and in no event provide less than 20 seconds of warning time for the normal operation of through trains before the crossing is occupied (49 CFR § 234.225). Twenty seconds is a floor, not a design target: designers add clearance time for long or skewed crossings, buffer time for equipment response, and allowances where a gate must clear before a large vehicle can leave the track.

## Gate timing

Each gate arm must start its downward motion not less than 3 seconds after the flashing lights begin, and reach horizontal at least 5 seconds before the arrival of any normal train movement (§ 234.223). On four-quadrant installations these timings apply to the entrance gates; exit gates are timed so that vehicles already on the crossing can leave.

## Where warning time goes wrong

- Approach circuit length set for a lower speed than trains actually run — a speed increase without re-timing the crossing is a common cause of short warning.
- Trains that stop or accelerate within the approach: constant-warning-time (motion-sensing) equipment predicts arrival from speed, but station stops and switching moves near the crossing need specific design.
- Ballast and track circuit condition: poor ballast resistance shortens the effective approach of a track circuit.
- Adjacent crossings and overlapping approaches, where one train's warning interacts with another's.

## Inspection rhythm

Gate arms and gate mechanisms are inspected and their movement observed at least once each month; hold-clear devices are tested at least once every 12 months (§ 234.255). Keep the warning-time record from each test alongside the design calculation, so that a reduction shows up as a trend rather than a surprise.

## Checklist for a design review

1. Maximum authorised speed over the approach, for every train type.
2. Required warning time: minimum plus clearance, equipment response and buffer.
3. Approach length = speed × required warning time, with the equipment's rounding.
4. Gate delay and descent time against the 3 s and 5 s rules.
5. Interaction with nearby stations, signals and other crossings.`,
  },
  {
    kind: 'whitepaper',
    title: 'Bridge inspection intervals and the bridge management programme',
    category: 'Civil Structures',
    author: 'Trackside Engineering Team',
    featured: true,
    tags: ['49 CFR 237', 'Bridges', 'Inspection', 'Compliance'],
    abstract:
      'What 49 CFR Part 237 requires of a railroad bridge management programme: annual inspections no more than 540 days apart, special inspections after floods, fires, earthquakes and impacts, underwater and scour checks, and the records that prove it.',
    content: `## Scope

49 CFR Part 237 (Bridge Safety Standards) requires each track owner to adopt a bridge management programme for the bridges that carry its track. The rule sets outcomes — scheduled inspections, engineering oversight, records — and leaves methods to a railroad bridge engineer.

## Scheduled inspections (§ 237.101)

Every bridge in railroad service is inspected at least once in each calendar year, with not more than 540 days between successive inspections. The calendar-year rule and the 540-day cap work together: an inspection in January one year and December the next satisfies the first but not the second.

A bridge must be inspected more often when a railroad bridge engineer decides that the conditions found on earlier inspections, the type and configuration of the bridge, or the weight and frequency of traffic call for it. Fracture-critical steel members, timber trestles with known decay and masonry with active cracking are the usual candidates.

A bridge that has been out of service and uninspected for 540 days must be inspected, and the report reviewed by a railroad bridge engineer, before service resumes (§ 237.101(d)).

## Special inspections (§§ 237.101(c), 237.105)

The programme must say how trains are protected and bridges inspected after any event that might have compromised them — including floods, fires, earthquakes, derailments and vehicle or vessel impacts. Write the trigger levels down in advance: a river gauge height, a seismic intensity, a reported bridge strike. Bridges over water also need provisions to detect scour and the deterioration of submerged components.

## Inspection procedures (§ 237.103)

Procedures are specified by a designated railroad bridge engineer and state the methods, means of access and level of detail to record for each bridge or class of bridges, appropriate to the configuration, previous findings and the inspector's qualifications.

## Making intervals work in practice

- Plan on a rolling schedule with a target well inside 365 days, so that weather or possessions do not push an inspection past 540.
- Hold scour-critical bridges on a separate list with flood-watch triggers.
- Record condition ratings consistently so that the engineer can see deterioration between cycles.
- Track every deficiency to closure; an inspection that finds defects is only useful if the repair is scheduled and verified.

## Records

Inspection records are prepared from notes taken on the day of the inspection, dated and signed or certified by the inspector (§ 237.109). A report identifies the bridge, the inspection date, the inspector, the type of inspection, whether anything needs expedited or critical review by a railroad bridge engineer (with any restrictions imposed on the spot), and the condition of the components inspected. An initial report is filed within 30 calendar days and the complete report within 120; records are retained for at least two years, and underwater inspection records until the next underwater inspection has been completed and reviewed. A condition that affects the immediate safety of trains is reported at once to whoever controls train movements over the bridge. Digital records with photographs make trends visible and answer an auditor's question in minutes rather than days.`,
  },
  {
    kind: 'article',
    title: 'Continuous welded rail: neutral temperature and buckling risk',
    category: 'Track Engineering',
    author: 'Trackside Engineering Team',
    featured: false,
    tags: ['49 CFR 213', 'CWR', 'Ballast', 'Safety'],
    abstract:
      'Why CWR buckles, what a CWR plan under § 213.119 must contain, and the field habits — de-stressing, speed restrictions on disturbed track, joint inspections — that keep neutral temperature where it was designed.',
    content: `## The physics in one paragraph

Continuous welded rail cannot expand freely. Above its neutral (stress-free) temperature it is in compression; below it, in tension. If the neutral temperature drops — through rail added in cold weather, track lifting, or creep — a hot day can push the compressive force past what the ballast and sleepers resist laterally, and the track buckles. In cold weather the risk is the opposite: pull-aparts and broken rails.

## What the CWR plan must cover (§ 213.119)

A track owner's approved CWR plan includes:

- a desired rail installation temperature range for the geographic area, and de-stressing procedures to reach it;
- anchoring or fastening patterns, with attention to bridges and bridge approaches;
- joint installation and maintenance — at least two bolts in each rail at every CWR joint, and for joints installed during CWR installation, welding, six-bolt joints or anchoring every tie 195 ft either side within 60 days;
- rail repair rules that account for rail temperature, so that rail is never added below the designated range without provision for later adjustment;
- monitoring of curves for inward shifts after the track has been disturbed;
- speed restrictions when work has reduced lateral or longitudinal resistance, or when rail temperature relative to neutral temperature creates buckling-prone conditions;
- inspection of buckling-prone and pull-apart-prone locations, and of CWR joints at intervals set by class and tonnage;
- training, with annual re-training, and records of installation temperatures.

## Field habits that prevent buckles

1. Record rail temperature and location whenever rail is cut, added or welded.
2. Restore the ballast section — crib and shoulder — before lifting a speed restriction on disturbed track; consolidation by traffic or a stabiliser matters.
3. Watch the places where neutral temperature drifts: curves after tamping, the ends of bridges, turnouts, and level crossings where rail cannot move.
4. Look for the warning signs on hot afternoons: misalignment in curves, gaps between tie plates and rail, displaced anchors, ballast pushed out at the shoulder.

## After a buckle

Protect the site, restrict or stop traffic, and re-establish the neutral temperature properly rather than just realigning the track; a buckle that is simply pulled back will return.`,
  },
  {
    kind: 'article',
    title: 'Formation and drainage: reading the signs of a wet track bed',
    category: 'Geotechnical',
    author: 'Trackside Engineering Team',
    featured: false,
    tags: ['49 CFR 213', 'Drainage', 'Ballast', 'Inspection'],
    abstract:
      'Mud spots, pumping sleepers, ballast pockets and recurring top faults usually trace back to water. How to recognise drainage-driven track defects and what § 213.33 and § 213.103 expect of the track owner.',
    content: `## Water is the root cause

Most recurring geometry faults on plain line have a geotechnical cause, and most geotechnical causes start with water. A saturated formation loses strength; traffic then pumps fines up into the ballast, the ballast loses its drainage and load-spreading ability, and the top and line deteriorate faster after each tamp.

## What the rules say

49 CFR § 213.33 requires each drainage or other water-carrying facility under or immediately adjacent to the roadbed to be maintained and kept free of obstruction to accommodate expected water flow. § 213.103 requires ballast that transmits and distributes loads, restrains the track laterally, longitudinally and vertically, provides adequate drainage and maintains proper track crosslevel, surface and alinement.

## Signs to look for

- Mud spots and white or grey slurry around sleepers after rain (pumping).
- Voids under sleepers: sleepers that move visibly under a passing train.
- Short-wavelength top faults that return within weeks of tamping.
- Standing water in the cess, blocked catch-pits and silted culvert inlets.
- Vegetation changes along a cutting: reeds and wet-loving plants mark seepage.
- Bulging or cracking of embankment shoulders — potential slope instability.

## Investigation steps

1. Walk the site in wet weather; drainage problems hide in the dry.
2. Trial pits or ground-penetrating radar to find ballast pockets and the depth of fouling.
3. Check longitudinal falls of cess drains and the condition of outfalls.
4. Compare geometry recordings over time: a drainage defect shows as a fault that keeps coming back at the same chainage.

## Remedies, in order of permanence

Clear and re-grade existing drains; install or renew cess and French drains with positive outfalls; undercut or clean fouled ballast; and, where the formation itself has failed, blanket or geotextile/geocomposite layers or formation renewal. Tamping alone treats the symptom.`,
  },
  {
    kind: 'whitepaper',
    title: 'Earthing and bonding on AC electrified railways: principles for designers',
    category: 'Electrical Systems',
    author: 'Trackside Engineering Team',
    featured: false,
    tags: ['Electrification', 'Safety', 'Compliance'],
    abstract:
      'Why traction return, earthing and bonding are designed together on 25 kV AC railways, how touch and step voltages arise, and the design and verification steps that keep people and equipment safe.',
    content: `## Three jobs, one system

On an AC electrified railway the return circuit carries traction current back to the feeder station, the earthing system limits the voltages that people can touch, and bonding connects metalwork so that faults clear quickly. Designing them separately is the most common source of trouble: a bond added for safety can divert return current, and an insulated joint added for signalling can break the return path.

## How dangerous voltages arise

Return current in the rails produces a rail-to-earth potential along the line, highest near trains and during faults. Metal structures near the track — masts, fences, bridge parapets, platform canopies — can take on or be exposed to that potential. The standards family used in many countries (EN 50122-1 and its national equivalents) sets permissible accessible voltages that depend on how long they last: short-duration fault voltages may be much higher than the voltage permitted under continuous operation.

## Design principles

- Define the overhead contact line zone and current collector zone, and bond conductive structures within them to the return circuit or earth as the standard requires.
- Provide a continuous, low-impedance return: rail bonds, cross bonds, and return or booster-transformer conductors sized for normal and fault current.
- Coordinate with signalling: track circuits need rail insulation and impedance bonds; axle counters relax this but the return path still needs design.
- Consider induced voltages on parallel lineside cables and third-party pipelines and fences.
- Separate or carefully interface DC and AC systems where they meet.

## Verification

Calculate rail potentials for normal and fault conditions; measure bond resistance and earth-electrode resistance at commissioning; test that protection clears faults within the times assumed in the touch-voltage assessment; and repeat the measurements after major track or structure works, which are a frequent cause of broken bonds.

## Maintenance

Missing or stolen bonds, corroded connections and bonds disturbed by track renewals are the usual defects. Include bond checks in track and structure inspection routines, not only in electrical ones.`,
  },
  {
    kind: 'article',
    title: 'Automated compliance checks: where software helps and where engineers stay in the loop',
    category: 'Industry Insights',
    author: 'Trackside Engineering Team',
    featured: false,
    tags: ['Compliance', 'Inspection'],
    abstract:
      'Clause-cited answers, checklists and geometry data analysis can take the drudgery out of compliance work. A practical view of what to automate, what to verify, and how to keep an auditable trail.',
    content: `## What automation is good at

Finding the clause. A well-indexed standards library answers "which section governs gage on Class 3 track?" in seconds and quotes it, which is most of the time an engineer spends on a routine query.

Checking numbers against limits. Geometry recordings, inspection intervals and warning-time tests are tables compared with tables — ideal for software, provided the class of track, the edition of the standard and the units are right.

Keeping the trail. Every answer should cite the clause and the edition it came from, so that a reviewer can check the reasoning and an auditor can see what was relied on.

## Where engineers stay in the loop

- Combinations of conditions: rules such as 49 CFR § 213.1 expect judgement about defects that are individually within limits.
- Engineering decisions the standards leave to a designated person — a railroad bridge engineer's inspection frequency, a CWR plan's temperature range.
- Local instructions and network standards that add to, or are stricter than, the national rules.
- Anything outside the indexed library: an assistant should say when a question is not covered rather than guess.

## Practical rules for teams

1. Treat an AI answer as a first draft with citations, not as an approval.
2. Check the edition: standards change, and a cached PDF may be out of date.
3. Record the question, the answer, the cited clauses and the reviewer's decision together.
4. Measure: time to first answer, the share of answers accepted without change, and defects found in review.`,
  },
];
