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
  phone: ['telephonic', 'telephone'],
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
  widest: ['gage', 'maximum', 'limit'],
  narrowest: ['gage', 'minimum', 'limit'],
  'top speed': ['maximum', 'allowable', 'operating', 'speed'],
  'line speed': ['maximum', 'allowable', 'operating', 'speed'],
  working: ['operative', 'effective'],
  share: ['percent'],
  proportion: ['percent'],
  percentage: ['percent'],
  due: ['submit', 'within', 'days'],
  'how often': ['frequency', 'interval', 'each', 'least'],
  'how soon': ['within', 'hours', 'immediately'],
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
  return Object.entries(RAILWAY_VOCABULARY)
    .filter(([phrase]) => text.includes(` ${phrase.replace(/_/g, '-')} `))
    .map(([phrase, terms]) => ({ phrase: phrase.replace(/_/g, '-'), terms }));
}

/** The extra terms the vocabulary adds to a question (lower-case words). */
export function expandWithVocabulary(question: string): string[] {
  return vocabularyMatches(question).flatMap((m) => m.terms);
}
