/**
 * How practitioners say it → how standards write it. Each entry adds the standard's words to a
 * query that uses a practitioner's (US, UK and Australian usage, abbreviations). Keys are
 * matched as whole words or phrases, case-insensitively.
 */
export const RAILWAY_VOCABULARY: Record<string, string[]> = {
  gauge: ['gage'],
  'wide gauge': ['gage', 'widening'],
  'wide gage': ['gage'],
  'tight gauge': ['gage'],
  alignment: ['alinement'],
  misalignment: ['alinement', 'deviation'],
  sleeper: ['crosstie', 'tie'],
  sleepers: ['crossties', 'ties'],
  tie: ['crosstie'],
  ties: ['crossties'],
  cant: ['elevation', 'superelevation', 'crosslevel'],
  superelevation: ['elevation', 'crosslevel'],
  'cross level': ['crosslevel'],
  'cross-level': ['crosslevel'],
  twist: ['warp', 'crosslevel'],
  'slow order': ['speed', 'restriction', 'reduce'],
  'speed restriction': ['speed', 'limit'],
  'sun kink': ['buckling', 'buckle', 'thermal'],
  kink: ['buckling', 'alinement'],
  buckle: ['buckling'],
  cwr: ['continuous', 'welded', 'rail'],
  'long welded rail': ['continuous', 'welded', 'rail'],
  lwr: ['continuous', 'welded', 'rail'],
  turnout: ['switch', 'frog'],
  turnouts: ['switches', 'frogs'],
  points: ['switch', 'point'],
  // UK/AU "crossing" (the frog) only where the phrase leaves no doubt; alone it usually means a grade crossing.
  'crossing nose': ['frog', 'point'],
  'diamond crossing': ['crossing', 'frog'],
  'check rail': ['guard', 'rail'],
  'check gauge': ['guard', 'check', 'gage'],
  'check gage': ['guard', 'check', 'gage'],
  fishplate: ['joint', 'bar'],
  fishplates: ['joint', 'bars'],
  'level crossing': ['highway-rail', 'grade', 'crossing'],
  'grade crossing': ['highway-rail', 'crossing', 'warning', 'system'],
  'railway crossing': ['highway-rail', 'grade', 'crossing'],
  boom: ['gate', 'arm'],
  booms: ['gate', 'arms'],
  'boom gates': ['gate', 'arms'],
  ballast: ['ballast'],
  ut: ['ultrasonic', 'internal', 'rail', 'inspection'],
  'ultrasonic test': ['internal', 'rail', 'inspection'],
  'rail flaw': ['rail', 'defect'],
  'broken rail': ['rail', 'defect', 'break'],
  mismatch: ['mismatch', 'joint', 'rail', 'end'],
  'track inspector': ['qualified', 'inspect'],
  'track walker': ['qualified', 'inspect'],
  'on-track safety': ['roadway', 'worker', 'protection'],
  lookout: ['watchman', 'lookout', 'warning'],
  'flagman': ['flagger', 'flag'],
  'possession': ['working', 'limits', 'exclusive', 'track', 'occupancy'],
  'track possession': ['exclusive', 'track', 'occupancy'],
  'train protection': ['roadway', 'worker', 'protection'],
  loco: ['locomotive'],
  locos: ['locomotives'],
  'brake test': ['brake', 'test', 'inspection'],
  'air test': ['air', 'brake', 'test'],
  'brake pipe': ['brake', 'pipe', 'leakage'],
  speedo: ['speed', 'indicator'],
  speedometer: ['speed', 'indicator'],
  pantograph: ['pantograph', 'current', 'collector'],
  pantographs: ['pantographs', 'current', 'collectors'],
  phone: ['telephonic', 'telephone', 'electronic', 'device'],
  'phone call': ['telephonic', 'telephone'],
  'dead man': ['alerter'],
  radio: ['radio', 'communication'],
  'emergency call': ['emergency', 'radio', 'transmission'],
  'train order': ['mandatory', 'directive'],
  'track warrant': ['mandatory', 'directive'],
  derailment: ['accident', 'derail'],
  'accident report': ['report', 'accident', 'incident'],
  bridge: ['bridge'],
  culvert: ['bridge', 'culvert'],
  'load rating': ['load', 'capacity'],
  washout: ['flood', 'inspection', 'weather'],
  'flash flood': ['flood', 'weather', 'inspection', 'event'],
  storm: ['weather', 'inspection'],
  flood: ['flood', 'weather'],
  hi_rail: ['hi-rail', 'vehicle'],
  cap: ['maximum', 'limit'],
  ceiling: ['maximum', 'limit'],
  numbers: ['measurements'],
  readings: ['measurements'],
  reading: ['measurement'],
  max: ['maximum'],
  min: ['minimum'],
  approx: ['approximately'],
  reqs: ['requirements'],
  insp: ['inspection'],
  widest: ['gage', 'maximum', 'limit'],
  narrowest: ['gage', 'minimum', 'limit'],
  'top speed': ['maximum', 'allowable', 'operating', 'speed'],
  'line speed': ['maximum', 'allowable', 'operating', 'speed'],
  working: ['operative', 'effective'],
  share: ['percent'],
  proportion: ['percent'],
  percentage: ['percent'],
  due: ['submit', 'within', 'days'],
  // A time limit running out, as the regulation says it.
  'runs out': ['expiration', 'expire'],
  'run out': ['expiration', 'expire'],
  'ran out': ['expiration', 'expired'],
  lapses: ['expiration', 'expires'],
  lapsed: ['expired'],
  'how often': ['frequency', 'interval', 'each', 'least'],
  'how frequently': ['frequency', 'interval', 'each', 'least'],
  'how soon': ['within', 'hours', 'immediately'],
  'how quickly': ['within', 'hours', 'immediately'],
  'how promptly': ['within', 'hours', 'immediately'],
  'how close': ['distance', 'feet', 'within'],
  // Electrical terms as UK and Australian engineers use them.
  earth: ['ground'],
  earthed: ['grounded'],
  earthing: ['grounding', 'ground'],
  'earth fault': ['ground'],
  'leakage to earth': ['ground', 'current'],
  megger: ['insulation', 'resistance', 'test'],
  // Injuries and whether they are reported.
  hurt: ['injury', 'injured'],
  injured: ['injury'],
  'on the clock': ['on', 'duty'],
  'off the clock': ['not', 'duty'],
  reportable: ['report', 'reported', 'accident', 'incident'],
  'is it reportable': ['not', 'reported', 'accidents', 'incidents'],
  // Locomotives and trains in crew talk.
  unit: ['locomotive'],
  units: ['locomotives'],
  'road unit': ['road', 'locomotive'],
  engine: ['locomotive'],
  engines: ['locomotives'],
  switcher: ['switching', 'locomotive'],
  pusher: ['helper', 'locomotive'],
  pushers: ['helper', 'locomotives'],
  'dump the air': ['emergency', 'brake', 'application'],
  'big hole': ['emergency', 'brake', 'application'],
  'in emergency': ['emergency', 'brake', 'application'],
  // Equipment that cannot be used as it is.
  'bad order': ['defective', 'non-complying'],
  'bad-order': ['defective', 'non-complying'],
  'bad ordered': ['defective', 'non-complying'],
  "can't fix": ['non-complying', 'defective', 'repair'],
  'cannot fix': ['non-complying', 'defective', 'repair'],
  broken: ['defective', 'failure'],
  dies: ['fails', 'malfunction'],
  died: ['failed', 'malfunction'],
  haul: ['move', 'movement'],
  hauling: ['movement', 'moving'],
  hauled: ['moved', 'movement'],
  tow: ['move', 'movement'],
  towing: ['movement', 'moving'],
  'set out': ['removed', 'car'],
  'picked up': ['added', 'car'],
  'cut in': ['added', 'attached'],
  recoupled: ['consist', 'changed', 'brake', 'pipe'],
  // Rolling stock getting where it should not.
  'roll out': ['derail', 'foul'],
  'rolling out': ['derail', 'foul'],
  runaway: ['derail', 'securement', 'unintended', 'movement'],
  'heavy car': ['loaded', 'load'],
  'under load': ['loaded'],
  // Trespass and vandalism on the right of way. Canadian statutes word trespass as entering
  // land "without lawful excuse" (Railway Safety Act s. 26.1), never as "trespass".
  trespassers: ['trespassing', 'trespass', 'excuse'],
  trespass: ['trespassing', 'excuse'],
  trespassing: ['trespass', 'excuse'],
  vandals: ['vandalism'],
  rocks: ['objects', 'vandalism'],
  'throwing rocks': ['launching', 'objects', 'vandalism'],
  'chucking rocks': ['launching', 'objects', 'vandalism'],
  'leaving the highway': ['intrusion', 'vehicles'],
  'leaving the road': ['intrusion', 'vehicles'],
  // Devices and paperwork.
  tablet: ['electronic', 'display', 'device'],
  ipad: ['electronic', 'display', 'device'],
  paperwork: ['plan', 'record', 'report'],
  rulebook: ['operating', 'rules'],
  'rule book': ['operating', 'rules'],
  // People and their roles.
  foreman: ['roadway', 'worker', 'charge'],
  'employee in charge': ['roadway', 'worker', 'charge'],
  rwic: ['roadway', 'worker', 'charge'],
  carman: ['employee'],
  rights: ['good', 'faith', 'challenge'],
  refuse: ['good', 'faith', 'challenge'],
  // Track and structures.
  spur: ['track', 'siding'],
  trestle: ['bridge'],
  trestles: ['bridges'],
  embargoed: ['not', 'service'],
  reopening: ['resumed', 'service'],
  'out of service': ['not', 'service'],
  crossbucks: ['crossbuck', 'sign'],
  // Devices at the rear of the train.
  fred: ['end-of-train', 'device', 'marking'],
  freds: ['end-of-train', 'devices', 'marking'],
  eot: ['end-of-train', 'device'],
  eots: ['end-of-train', 'devices'],
  eotd: ['end-of-train', 'device'],
  'rear marker': ['marking', 'device', 'rear'],
  'rear markers': ['marking', 'devices', 'rear'],
  // Lights, horns and glass on a locomotive.
  'ditch light': ['auxiliary', 'lights'],
  'ditch lights': ['auxiliary', 'lights'],
  horn: ['locomotive', 'horn'],
  whistle: ['locomotive', 'horn'],
  whistling: ['sounding', 'locomotive', 'horn'],
  blowing: ['sounding', 'horn'],
  'whistle ban': ['quiet', 'zone'],
  'horn ban': ['quiet', 'zone'],
  windshield: ['glazing', 'front', 'window'],
  windshields: ['glazing', 'front', 'windows'],
  glass: ['glazing'],
  'black box': ['event', 'recorder'],
  'speed recorder': ['event', 'recorder'],
  dynamics: ['dynamic', 'brake'],
  'on the point': ['lead', 'locomotive'],
  'hot box': ['overheated', 'journal', 'bearing'],
  'slid flat': ['slid', 'flat', 'wheel'],
  'rip track': ['repair', 'track'],
  'shop track': ['repair', 'track'],
  // Signal systems and methods of operation by their initials.
  abs: ['automatic', 'block', 'signal'],
  ctc: ['traffic', 'control', 'system'],
  atc: ['automatic', 'train', 'control'],
  dtc: ['direct', 'train', 'control'],
  ptc: ['positive', 'train', 'control'],
  pih: ['poison', 'inhalation', 'hazard'],
  tih: ['toxic', 'inhalation', 'hazard'],
  hazmat: ['hazardous', 'materials'],
  'cut out': ['cut', 'out', 'inoperative'],
  'cut-out': ['cut', 'out', 'inoperative'],
  flashers: ['flashing', 'lights', 'warning', 'system'],
  'crossing signals': ['highway-rail', 'grade', 'crossing', 'warning', 'system'],
  'crossing gates': ['gate', 'arms'],
  megging: ['insulation', 'resistance', 'test'],
  // Abbreviations of the shop, the signal department and the dispatcher's office.
  ij: ['insulated', 'joint'],
  ijs: ['insulated', 'joints'],
  mr: ['main', 'reservoir'],
  hydro: ['hydrostatic', 'test'],
  dp: ['distributed', 'power'],
  ds: ['train', 'dispatcher'],
  cp: ['control', 'point'],
  cps: ['control', 'points'],
  mow: ['roadway', 'maintenance'],
  eic: ['roadway', 'worker', 'charge'],
  // People by their trade names.
  maintainer: ['signal', 'employee'],
  'signal maintainer': ['signal', 'employee'],
  carmen: ['employees'],
  'car inspector': ['qualified', 'mechanical', 'inspector'],
  'b&b': ['bridge', 'workers'],
  gang: ['roadway', 'work', 'group'],
  'tie gang': ['roadway', 'work', 'group', 'machines'],
  cop: ['law', 'enforcement', 'officer'],
  cops: ['law', 'enforcement', 'officer'],
  // Machines on the track.
  tamper: ['roadway', 'maintenance', 'machine'],
  tampers: ['roadway', 'maintenance', 'machines'],
  'ballast regulator': ['roadway', 'maintenance', 'machine'],
  'hy-rail': ['hi-rail', 'vehicle'],
  hyrail: ['hi-rail', 'vehicle'],
  'rail gear': ['hi-rail', 'gear'],
  // Measuring track by string.
  stringline: ['alinement', 'mid-ordinate', 'chord'],
  stringlining: ['alinement', 'mid-ordinate', 'chord'],
  'string line': ['alinement', 'mid-ordinate', 'chord'],
  'mid-offset': ['mid-ordinate'],
  // Looking something over, as the field says it.
  check: ['inspect', 'inspection'],
  // Looking something over, as crews say it: an inspection, or a review of what was written down
  // ("go over" stays out: trains go over bridges).
  'look at': ['inspect', 'inspection'],
  'looked at': ['inspected', 'inspection'],
  'look over': ['review', 'inspect'],
  'looked over': ['reviewed', 'inspected'],
  checks: ['inspects', 'inspection'],
  checked: ['inspected', 'inspection'],
  // Crossing signals working with no train to warn of.
  'no train': ['false', 'activation'],
  'without a train': ['false', 'activation'],
  // Going between or under cars: blue signal protection.
  'between cars': ['blue', 'signal', 'protection', 'rolling', 'equipment'],
  'between the cars': ['blue', 'signal', 'protection', 'rolling', 'equipment'],
  'under cars': ['blue', 'signal', 'protection', 'rolling', 'equipment'],
  'under the cars': ['blue', 'signal', 'protection', 'rolling', 'equipment'],
  // Records and phones.
  log: ['record'],
  logged: ['recorded'],
  'write down': ['record'],
  'written down': ['recorded'],
  'cell phone': ['personal', 'electronic', 'device'],
  cellphone: ['personal', 'electronic', 'device'],
  smartphone: ['personal', 'electronic', 'device'],
  texting: ['personal', 'electronic', 'device'],
  texts: ['personal', 'electronic', 'device'],
  // Structures and mishaps.
  viaduct: ['bridge'],
  wreck: ['accident', 'derailment'],
  'main line': ['main', 'track'],
  mainline: ['main', 'track'],
  // Units as crews and engineers abbreviate them.
  mph: ['miles', 'per', 'hour'],
  v: ['volts'],
  kv: ['kilovolts'],
  kph: ['kilometers', 'per', 'hour'],
  'km/h': ['kilometers', 'per', 'hour'],
  mgt: ['million', 'gross', 'tons'],
  // Equipment that stops working on the road, and where it happens.
  quit: ['failed', 'inoperative'],
  quits: ['fails', 'inoperative'],
  dead: ['inoperative', 'failed'],
  'went dead': ['failed', 'inoperative'],
  'stopped working': ['failed', 'inoperative'],
  'quit working': ['failed', 'inoperative'],
  'gave out': ['failed', 'inoperative'],
  'keep going': ['continue', 'movement'],
  'keep rolling': ['continue', 'movement'],
  'keep moving': ['continue', 'movement'],
  'keep running': ['continue', 'movement'],
  'carry on': ['continue', 'movement'],
  'out on the road': ['en', 'route'],
  'on the road': ['en', 'route'],
  halfway: ['en', 'route'],
  'mid-trip': ['en', 'route'],
  // Markers, lamps and lights by their short names.
  marker: ['marking', 'device'],
  markers: ['marking', 'devices'],
  'marker light': ['marking', 'device'],
  'marker lights': ['marking', 'devices'],
  // Watercraft and what strikes a structure.
  barge: ['vessel', 'impact'],
  barges: ['vessel', 'impact'],
  towboat: ['vessel'],
  tugboat: ['vessel'],
  tug: ['vessel'],
  boat: ['vessel'],
  ship: ['vessel'],
  'hit by': ['impact', 'struck'],
  // Preventive maintenance, as shops and signal departments call the periodic tests.
  pm: ['periodic', 'test', 'inspection'],
  pms: ['periodic', 'tests', 'inspections'],
  // How small a railroad is, as the regulation measures it.
  shortline: ['railroad', 'employee', 'work', 'hours'],
  'short line': ['railroad', 'employee', 'work', 'hours'],
  manhours: ['employee', 'work', 'hours'],
  'man-hours': ['employee', 'work', 'hours'],
  'man hours': ['employee', 'work', 'hours'],
  // Programs by the names railroads give them.
  'efficiency test': ['operational', 'tests', 'inspections'],
  'efficiency tests': ['operational', 'tests', 'inspections'],
  'efficiency testing': ['operational', 'testing', 'inspections'],
  'ops test': ['operational', 'tests'],
  'ops tests': ['operational', 'tests'],
  'ops testing': ['operational', 'testing'],
  'trackage rights': ['joint', 'operations'],
  'host railroad': ['joint', 'operations', 'track', 'owner'],
  'host road': ['joint', 'operations', 'track', 'owner'],
  // Getting to and from work: an employee's own car on the company lot is no train movement.
  pickup: ['motor', 'vehicle'],
  'pickup truck': ['motor', 'vehicle'],
  'own car': ['motor', 'vehicle'],
  'own vehicle': ['motor', 'vehicle'],
  'personal vehicle': ['motor', 'vehicle'],
  'car park': ['parking', 'lot'],
  'employee parking': ['parking', 'lot'],
  'before his shift': ['commuting', 'work'],
  'before her shift': ['commuting', 'work'],
  'before their shift': ['commuting', 'work'],
  'before the shift': ['commuting', 'work'],
  'after his shift': ['commuting', 'work'],
  'after her shift': ['commuting', 'work'],
  'after their shift': ['commuting', 'work'],
  'after the shift': ['commuting', 'work'],
  'driving to work': ['commuting', 'work'],
  'driving home': ['commuting', 'work'],
  'on the way to work': ['commuting', 'work'],
  'on his way in': ['commuting', 'work'],
  'on her way in': ['commuting', 'work'],
  // Wiring and what it works, as the signal department says it.
  wiring: ['circuit', 'wire'],
  'lights and gates': ['warning', 'system'],
  'flashers and gates': ['warning', 'system'],
  // Saying things over the radio.
  pronounce: ['pronounced', 'statement'],
  say: ['statement', 'pronounced'],
  'read back': ['repeat'],
};

export interface VocabularyMatch {
  /** The practitioner's phrase as the vocabulary lists it. */
  phrase: string;
  /** The standard's words for it. */
  terms: string[];
}

/** The vocabulary's phrases a question uses, with the standard's words for each. */
export function vocabularyMatches(question: string): VocabularyMatch[] {
  const text = ` ${question.toLowerCase().replace(/[^a-z0-9\-/ ]+/g, ' ').replace(/\s+/g, ' ')} `;
  // Words joined by hyphens into one ("a hurt-on-the-clock case") still say each phrase they hold.
  const unhyphenated = text.replace(/-/g, ' ');
  const matches = Object.entries(RAILWAY_VOCABULARY)
    .filter(([phrase]) => text.includes(` ${phrase.replace(/_/g, '-')} `) || (phrase.includes(' ') && unhyphenated.includes(` ${phrase} `)))
    .map(([phrase, terms]) => ({ phrase: phrase.replace(/_/g, '-'), terms }));
  // "bad-order" and "bad order" are one word matched twice.
  return matches.filter((m, i) => !matches.slice(0, i).some((o) => o.terms.join(' ') === m.terms.join(' ')));
}

/** The extra terms the vocabulary adds to a question (lower-case words). */
export function expandWithVocabulary(question: string): string[] {
  return vocabularyMatches(question).flatMap((m) => m.terms);
}

/**
 * Words one jurisdiction's engineers use and another's regulations do not: a US engineer's
 * "railroad" and "train" are a Canadian regulation's "railway company" and "railway equipment",
 * a "horn" is its "whistle", a "town" its "municipality", "trackside" the TSI's "track-side".
 * Unlike the vocabulary above these are read only where the standard itself prefers the other
 * word (`preferredWords`): 49 CFR says "railroad" and keeps it.
 */
export const DIALECT: Record<string, string[]> = {
  railroad: ['railway', 'company'],
  railroads: ['railways', 'companies'],
  train: ['railway', 'equipment'],
  trains: ['railway', 'equipment'],
  car: ['motor', 'vehicle'],
  cars: ['motor', 'vehicles'],
  crew: ['employees'],
  crews: ['employees'],
  horn: ['whistle'],
  horns: ['whistles'],
  town: ['municipality'],
  towns: ['municipalities'],
  city: ['municipality'],
  yield: ['give', 'way'],
  fatal: ['death'],
  fatality: ['death'],
  fatalities: ['deaths'],
  block: ['obstruct'],
  blocks: ['obstructs'],
  blocked: ['obstructed'],
  blocking: ['obstructing'],
  size: ['dimensions'],
  trackside: ['track-side'],
  wayside: ['track-side'],
  onboard: ['on-board'],
};

/** The dialect's words a question uses, each with the words a standard may use instead. */
export function dialectCandidates(question: string): VocabularyMatch[] {
  const words = new Set(question.toLowerCase().match(/[a-z][a-z-]*/g) ?? []);
  return Object.entries(DIALECT)
    .filter(([word]) => words.has(word))
    .map(([phrase, terms]) => ({ phrase, terms }));
}

/** A standard prefers its own word when it uses it in at least this many times as many clauses as the question's. */
export const PREFERRED_RATIO = 5;

/**
 * The candidates whose words the standard prefers: it never uses the question's word but uses
 * theirs, or uses one of theirs in at least PREFERRED_RATIO times as many clauses. `frequency` gives a lexeme's
 * clause count in the standard; `lexemes` the stemmed phrase and terms of each candidate.
 */
export function preferredWords(
  candidates: VocabularyMatch[],
  lexemes: { own: string[]; terms: string[] }[],
  frequency: (lexeme: string) => number,
): VocabularyMatch[] {
  return candidates.filter((_, i) => {
    const { own = [], terms = [] } = lexemes[i] ?? {};
    const asked = Math.max(0, ...own.map(frequency));
    const theirs = Math.max(0, ...terms.map(frequency));
    return theirs > 0 && theirs >= PREFERRED_RATIO * asked;
  });
}
