import type { ChatDiscipline } from '../../../../shared/constants';
import { paths } from '../../../app/paths';

/** A section of a loaded standard that a discipline page points to. */
export interface SectionRef {
  /** The clause reference as the library stores it, e.g. `213.53`. */
  ref: string;
  heading: string;
}

/** One part of a standard that the bundled library holds. */
export interface LoadedPart {
  /** e.g. `49 CFR Part 213`. */
  name: string;
  title: string;
  summary: string;
  sections: readonly SectionRef[];
}

/**
 * Content of a /disciplines/<discipline> page. Everything under `loadedParts` is in the
 * library a fresh installation imports (standards/49-cfr: 49 CFR Parts 213, 214, 217, 218,
 * 220, 221, 222, 223, 225, 229, 232, 234, 236, 237); `notLoaded` says plainly what is not, so no page promises answers
 * the assistant cannot cite.
 */
export interface DisciplinePageContent {
  path: string;
  title: string;
  /** The advisor the page's button opens (one of the chat's six disciplines). */
  chatDiscipline: ChatDiscipline;
  lead: string;
  helpsWith: readonly { title: string; text: string }[];
  loadedParts: readonly LoadedPart[];
  notLoaded: string;
  questions: readonly string[];
}

/** The standard code of the bundled library, as /standards links name it. */
export const BUNDLED_STANDARD = '49 CFR';

export const DISCIPLINE_PAGES: readonly DisciplinePageContent[] = [
  {
    path: paths.disciplineTrack,
    title: 'Track Engineering',
    chatDiscipline: 'Track and Civil',
    lead: 'For track engineers, inspectors and maintenance planners who need to know what the track safety standards require, quickly and with the clause in front of them.',
    helpsWith: [
      {
        title: 'Geometry limits by class of track',
        text: 'Gage, alinement, surface, crosslevel and curve elevation limits for each class of track, and the operating speeds each class allows.',
      },
      {
        title: 'Track structure',
        text: 'Ballast, crossties, defective rails and the remedial actions they call for, rail joints, fastenings, turnouts and switches.',
      },
      {
        title: 'Continuous welded rail',
        text: 'What a CWR plan has to contain: procedures for installing and adjusting (de-stressing) rail, train speeds after the track is disturbed, and inspections.',
      },
      {
        title: 'Inspection regimes',
        text: 'Visual inspection frequencies, rail testing, special inspections after fire, flood or storms, and the records an inspector has to keep.',
      },
    ],
    loadedParts: [
      {
        name: '49 CFR Part 213',
        title: 'Track Safety Standards (FRA)',
        summary: 'The full part, including Subpart G for track classes 6 and higher, with its appendices on curving speeds.',
        sections: [
          { ref: '213.9', heading: 'Classes of track: operating speed limits' },
          { ref: '213.53', heading: 'Gage' },
          { ref: '213.57', heading: 'Curves; elevation and speed limitations' },
          { ref: '213.109', heading: 'Crossties' },
          { ref: '213.113', heading: 'Defective rails' },
          { ref: '213.119', heading: 'Continuous welded rail (CWR); plan contents' },
          { ref: '213.233', heading: 'Visual track inspections' },
          { ref: '213.239', heading: 'Special inspections' },
        ],
      },
      {
        name: '49 CFR Part 214',
        title: 'Railroad Workplace Safety (FRA)',
        summary: 'Roadway worker protection while you are on or about the track: working limits, foul time, watchmen and lookouts.',
        sections: [
          { ref: '214.319', heading: 'Working limits, generally' },
          { ref: '214.323', heading: 'Foul time' },
        ],
      },
    ],
    notLoaded:
      'The library holds US federal (FRA) regulations. Network-specific track standards, such as those of Australian or European infrastructure managers, are not loaded yet; the assistant says so rather than guess.',
    questions: [
      'What are the gage limits for Class 3 track?',
      'What is the maximum operating speed for freight trains on Class 4 track?',
      'What must a continuous welded rail plan contain?',
      'When is a special inspection required after a flood?',
      'How often must main track be visually inspected?',
    ],
  },
  {
    path: paths.disciplineStructures,
    title: 'Civil Structures',
    chatDiscipline: 'Structures',
    lead: 'For bridge engineers, inspectors and asset managers responsible for railroad bridges: what a bridge management program must cover and how inspections and load ratings are governed.',
    helpsWith: [
      {
        title: 'Bridge management programs',
        text: 'What the program has to contain: an inventory, load capacities, inspection procedures and the people designated to carry them out.',
      },
      {
        title: 'Load capacity',
        text: 'Determining and documenting safe load capacity, and protecting bridges from over-weight and over-dimension loads.',
      },
      {
        title: 'Inspection scheduling and records',
        text: 'Annual inspections with no more than 540 days between them, special inspections after floods, fires, earthquakes or impacts, scour detection and inspection records.',
      },
      {
        title: 'Repairs and bridge worker safety',
        text: 'Design and supervision of repairs and modifications, and fall protection, scaffolding and protective equipment for bridge workers.',
      },
    ],
    loadedParts: [
      {
        name: '49 CFR Part 237',
        title: 'Bridge Safety Standards (FRA)',
        summary: 'The whole part: bridge management programs, qualified persons, load capacity, inspection, repair and audits.',
        sections: [
          { ref: '237.33', heading: 'Content of bridge management programs' },
          { ref: '237.71', heading: 'Determination of bridge load capacities' },
          { ref: '237.101', heading: 'Scheduling of bridge inspections' },
          { ref: '237.105', heading: 'Special inspections' },
          { ref: '237.131', heading: 'Design' },
        ],
      },
      {
        name: '49 CFR Part 214, Subpart B',
        title: 'Bridge Worker Safety Standards (FRA)',
        summary: 'Fall protection and protective equipment for people working on railroad bridges.',
        sections: [
          { ref: '214.103', heading: 'Fall protection, generally' },
          { ref: '214.107', heading: 'Working over or adjacent to water' },
        ],
      },
    ],
    notLoaded:
      'Structural design codes (for example the AREMA Manual, Eurocodes or AS 5100) are not in the library, so the assistant will not size members or check designs against them. Eurocode is listed in the standards menu as coming soon.',
    questions: [
      'How often must a railroad bridge be inspected?',
      'What must a bridge management program contain?',
      'Who may determine the load capacity of a bridge?',
      'What is required after a flood that may have damaged a bridge?',
      'When is fall protection required for bridge workers?',
    ],
  },
  {
    path: paths.disciplineSignalling,
    title: 'Signalling',
    chatDiscipline: 'Signaling',
    lead: 'For signal engineers, maintainers and testers working on highway-rail grade crossing warning systems, and anyone who needs the rules on railroad radio communication.',
    helpsWith: [
      {
        title: 'Maintenance, inspection and testing',
        text: 'Control circuits, flashing light units, gate arms, standby power, grounds, train detection apparatus and the test intervals for each.',
      },
      {
        title: 'Responding to malfunctions',
        text: 'What a railroad must do on a credible report of an activation failure, partial activation or false activation, and the alternative means of protection.',
      },
      {
        title: 'Reporting and records',
        text: 'Failure reports, emergency notification system signs, crossing inventory updates and the records to keep.',
      },
      {
        title: 'Radio communication',
        text: 'Procedures for initiating, receiving and ending radio transmissions, emergency transmissions and equipment failures.',
      },
    ],
    loadedParts: [
      {
        name: '49 CFR Part 234',
        title: 'Grade Crossing Safety (FRA)',
        summary: 'Grade crossing warning systems: malfunction response, maintenance, inspection and testing, emergency notification and inventory reporting.',
        sections: [
          { ref: '234.105', heading: 'Activation failure' },
          { ref: '234.107', heading: 'False activation' },
          { ref: '234.203', heading: 'Control circuits' },
          { ref: '234.215', heading: 'Standby power system' },
          { ref: '234.223', heading: 'Gate arm' },
          { ref: '234.227', heading: 'Train detection apparatus' },
        ],
      },
      {
        name: '49 CFR Part 236',
        title: 'Signal and Train Control Systems (FRA)',
        summary: 'Installation, inspection, maintenance and repair of signal and train control systems, interlockings, cab signals and positive train control.',
        sections: [
          { ref: '236.51', heading: 'Track circuit requirements' },
          { ref: '236.109', heading: 'Time releases, timing relays and timing devices' },
          { ref: '236.1005', heading: 'Requirements for Positive Train Control systems' },
        ],
      },
      {
        name: '49 CFR Part 220',
        title: 'Railroad Communications (FRA)',
        summary: 'Radio and wireless communication procedures and the use of electronic devices (answered by the Operation and Train Controls advisor).',
        sections: [
          { ref: '220.31', heading: 'Initiating a radio transmission' },
          { ref: '220.47', heading: 'Emergency radio transmissions' },
        ],
      },
    ],
    notLoaded:
      'Non-US signalling standards (for example the CENELEC EN 50126/50128/50129 series, CBTC specifications or network rule books) are not in the library yet. Questions about them, or about signalling design methods such as headway calculations, get an honest "not covered" rather than an answer.',
    questions: [
      'What must a railroad do after a report of an activation failure at a crossing?',
      'How long must the standby power keep a warning system working?',
      'What do the rules say about shunting problems caused by rust or sand?',
      'What is a false activation and how must it be handled?',
      'How must an emergency radio transmission be made?',
    ],
  },
  {
    path: paths.disciplineElectrical,
    title: 'Electrical Systems',
    chatDiscipline: 'Electrical',
    lead: 'For electrical and rolling stock engineers dealing with locomotive electrical safety, high-voltage equipment and safety-critical locomotive electronics.',
    helpsWith: [
      {
        title: 'High-voltage safety on locomotives',
        text: 'Current collectors, third-rail shoes and emergency poles, insulation or grounding of metal parts, and the "Danger - High Voltage" markings required.',
      },
      {
        title: 'Switches, cables and machines',
        text: 'Hand-operated switches, jumpers and cable connections, motors and generators, and the safety cut-off device.',
      },
      {
        title: 'Locomotive electronics',
        text: 'Safety analyses for safety-critical electronic products, changes and failures, testing records, and training of the people who maintain them.',
      },
      {
        title: 'Inspections and tests',
        text: 'Daily and periodic locomotive inspections and the tests that go with them.',
      },
    ],
    loadedParts: [
      {
        name: '49 CFR Part 229',
        title: 'Railroad Locomotive Safety Standards (FRA)',
        summary: 'The whole part, from daily inspections to the electrical system, crashworthiness and locomotive electronics.',
        sections: [
          { ref: '229.77', heading: 'Current collectors' },
          { ref: '229.79', heading: 'Third rail shoes' },
          { ref: '229.83', heading: 'Insulation or grounding of metal parts' },
          { ref: '229.85', heading: 'High voltage markings: doors, cover plates, or barriers' },
          { ref: '229.93', heading: 'Safety cut-off device' },
          { ref: '229.307', heading: 'Safety analysis' },
        ],
      },
      {
        name: '49 CFR Part 234',
        title: 'Grade Crossing Safety (FRA)',
        summary: 'The electrical side of crossing warning systems: grounds, standby power and lamp voltage (answered by the Signalling advisor).',
        sections: [
          { ref: '234.213', heading: 'Grounds' },
          { ref: '234.221', heading: 'Lamp voltage' },
        ],
      },
    ],
    notLoaded:
      'Traction power supply, overhead contact line and electrical bonding and earthing design standards (for example the EN 50122 series) are not in the library yet.',
    questions: [
      'Which metal parts on a locomotive must be grounded or insulated?',
      'How must doors giving access to high-voltage equipment be marked?',
      'What does a safety analysis for locomotive electronics have to establish?',
      'What are the requirements for third rail shoes?',
      'What does the safety cut-off device have to do?',
    ],
  },
  {
    path: paths.disciplineGeotechnical,
    title: 'Geotechnical',
    chatDiscipline: 'Track and Civil',
    lead: 'For geotechnical and track engineers looking after the formation under the track: roadbed, ballast, drainage and what has to happen after water, fire or earthquakes may have damaged it.',
    helpsWith: [
      {
        title: 'Roadbed and ballast',
        text: 'What the ballast must do: transmit load to the subgrade, restrain the track, drain it, and hold its surface and alinement.',
      },
      {
        title: 'Drainage and vegetation',
        text: 'Keeping drainage facilities under and beside the roadbed clear for the expected water flow, and controlling vegetation on the roadbed.',
      },
      {
        title: 'After floods, storms and earthquakes',
        text: 'Special track inspections, bridge special inspections and the detection of scour on submerged or water-exposed components.',
      },
      {
        title: 'Track support defects',
        text: 'How poor support shows up as surface, crosslevel and alinement deviations, and the limits for each class of track.',
      },
    ],
    loadedParts: [
      {
        name: '49 CFR Part 213, Subparts B and D',
        title: 'Track Safety Standards: Roadbed and Track Structure (FRA)',
        summary: 'Drainage, vegetation and ballast requirements, with the geometry limits that poor support leads to.',
        sections: [
          { ref: '213.33', heading: 'Drainage' },
          { ref: '213.37', heading: 'Vegetation' },
          { ref: '213.103', heading: 'Ballast; general' },
          { ref: '213.63', heading: 'Track surface' },
          { ref: '213.239', heading: 'Special inspections' },
        ],
      },
      {
        name: '49 CFR Part 237',
        title: 'Bridge Safety Standards (FRA)',
        summary: 'Special inspections after natural events and scour detection at bridges.',
        sections: [{ ref: '237.105', heading: 'Special inspections' }],
      },
    ],
    notLoaded:
      'There is no geotechnical design standard in the library (for example earthworks, slope stability or Eurocode 7), so the assistant answers from the track and bridge regulations above and says when a question goes beyond them.',
    questions: [
      'What must ballast do under 49 CFR 213.103?',
      'What are the drainage requirements for the roadbed?',
      'When must track be specially inspected after a storm?',
      'What must a bridge management program say about scour?',
      'What surface deviations are allowed on Class 2 track?',
    ],
  },
];

/** The page for a path (trailing slash ignored), if it is one of the five. */
export function disciplinePageFor(pathname: string): DisciplinePageContent | undefined {
  const path = pathname.replace(/\/+$/, '');
  return DISCIPLINE_PAGES.find((page) => page.path === path);
}
