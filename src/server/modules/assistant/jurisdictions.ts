import { escapeRegExp } from '../../../shared/escape-regexp';

/**
 * Places, networks, kinds of railway and other bodies of standards a question may name. A
 * standard governs its own jurisdiction: a question about a Melbourne tram or a UK metro is
 * not answered from 49 CFR unless a clause itself speaks of it. Each entry names the
 * jurisdiction it belongs to, so a place inside the selected standard's jurisdiction is not
 * taken as foreign ("Victoria" for a Victorian standard).
 */

interface Place {
  /** Lower-case words as a question writes them. */
  names: string[];
  /** Matched against the standard's jurisdiction (`Victoria, Australia` contains `Australia`). */
  jurisdiction: string;
  /**
   * A body, system or code of the jurisdiction rather than the place itself (the FRA, the CFR,
   * ERTMS): foreign elsewhere, but at home an ordinary word its clauses may use ("notify FRA").
   */
  body?: boolean;
}

const PLACES: Place[] = [
  {
    names: [
      'uk',
      'united kingdom',
      'britain',
      'great britain',
      'british',
      'england',
      'english',
      'scotland',
      'scottish',
      'wales',
      'welsh',
      'london',
      'network rail',
      'tfl',
      'hs2',
      'rssb',
    ],
    jurisdiction: 'United Kingdom',
  },
  { names: ['ireland', 'irish'], jurisdiction: 'Ireland' },
  { names: ['europe', 'european', 'european union', 'eu'], jurisdiction: 'Europe' },
  { names: ['eurocode', 'cenelec', 'tsi', 'era', 'ertms', 'etcs', 'gsm-r', 'eurobalise'], jurisdiction: 'Europe', body: true },
  {
    names: [
      'germany',
      'german',
      'deutsche bahn',
      'france',
      'french',
      'sncf',
      'spain',
      'spanish',
      'italy',
      'italian',
      'netherlands',
      'dutch',
      'belgium',
      'switzerland',
      'swiss',
      'austria',
      'austrian',
      'sweden',
      'swedish',
      'norway',
      'norwegian',
      'denmark',
      'danish',
      'finland',
      'poland',
      'polish',
      'portugal',
      'czech',
      'hungary',
      'greece',
    ],
    jurisdiction: 'Europe',
  },
  {
    names: [
      'australia',
      'australian',
      'melbourne',
      'sydney',
      'brisbane',
      'adelaide',
      'queensland',
      'new south wales',
      'nsw',
      'victorian',
      'v/line',
      'vline',
      'tasmania',
      'rissb',
    ],
    jurisdiction: 'Australia',
  },
  { names: ['new zealand', 'kiwirail', 'auckland', 'wellington'], jurisdiction: 'New Zealand' },
  {
    names: [
      'canada',
      'canadian',
      'transport canada',
      'ontario',
      'quebec',
      'british columbia',
      'alberta',
      'saskatchewan',
      'manitoba',
      'nova scotia',
      'new brunswick',
      'newfoundland',
      'prince edward island',
      'toronto',
      'montreal',
      'vancouver',
      'calgary',
      'edmonton',
      'winnipeg',
      'ottawa',
    ],
    jurisdiction: 'Canada',
  },
  { names: ['via rail', 'cpkc', 'metrolinx', 'tsb'], jurisdiction: 'Canada', body: true },
  { names: ['united states', 'usa', 'us', 'america'], jurisdiction: 'United States' },
  { names: ['fra', 'federal railroad administration', 'cfr', 'amtrak'], jurisdiction: 'United States', body: true },
  { names: ['mexico', 'mexican'], jurisdiction: 'Mexico' },
  {
    names: [
      'china',
      'chinese',
      'japan',
      'japanese',
      'shinkansen',
      'korea',
      'korean',
      'taiwan',
      'india',
      'indian railways',
      'singapore',
      'hong kong',
      'malaysia',
      'indonesia',
      'thailand',
      'vietnam',
      'philippines',
    ],
    jurisdiction: 'Asia',
  },
  {
    names: [
      'russia',
      'russian',
      'turkey',
      'saudi',
      'saudi arabia',
      'dubai',
      'uae',
      'qatar',
      'israel',
      'egypt',
      'south africa',
      'nigeria',
      'kenya',
      'south america',
      'latin america',
      'brazil',
      'brazilian',
      'argentina',
      'chile',
    ],
    jurisdiction: 'elsewhere',
  },
];

/** Kinds of railway a mainline regulation does not govern; a clause must name them to apply. */
const NETWORK_KINDS = [
  'tram',
  'trams',
  'tramway',
  'tramways',
  'streetcar',
  'streetcars',
  'light rail',
  'metro',
  'metros',
  'subway',
  'monorail',
  'maglev',
  'funicular',
  'cable car',
  'people mover',
  'hyperloop',
  'cbtc',
];

/** Codes of other bodies' standards, followed by a number: "EN 13848-5", "ISO 19650", "UIC 406", "NFPA 130". */
const OTHER_STANDARD = /\b(EN|ISO|IEC|UIC|NFPA|BS|DIN|AS|IEEE|ASTM|ANSI|APTA|AREMA|GM\/RT|GC\/RT|RIS|CSA)\s?-?\d{2,6}(?:[-.:]\d+)*/g;

export interface ForeignMention {
  /** As the question writes it. */
  text: string;
  /** Words a clause would use if it applied (lower case). */
  words: string[];
}

function inJurisdiction(place: Place, jurisdiction: string | null): boolean {
  return jurisdiction !== null && jurisdiction.toLowerCase().includes(place.jurisdiction.toLowerCase());
}

/** Every place name, longest first: "British Columbia" is read before "British", "New South Wales" before "Wales". */
const NAMES = PLACES.flatMap((place) => place.names.map((name) => ({ place, name }))).sort((a, b) => b.name.length - a.name.length);

/**
 * The places (and bodies) a question names, each with the names it is named by in the order
 * they stand in the question, in the order of PLACES. A longer name is read first and its words
 * are not read again, so "British Columbia" is Canada, not Britain. Short names ("UK", "EU",
 * "NSW", "US") count only when written in capitals: "eu", "era" or "us" in prose is no place.
 */
function namedPlaces(question: string): Map<Place, string[]> {
  let lower = ` ${question.toLowerCase().replace(/[^a-z0-9/\- ]/g, ' ')} `;
  let asWritten = question;
  const found = new Map<Place, { name: string; at: number }[]>();
  for (const { place, name } of NAMES) {
    const short = name.length <= 3;
    const pattern = short ? new RegExp(`\\b${escapeRegExp(name.toUpperCase())}\\b`, 'g') : new RegExp(`(?<=[ \\-])${escapeRegExp(name)}(?=[ \\-])`, 'g');
    const text = short ? asWritten : lower;
    const at = text.search(pattern);
    if (at < 0) continue;
    // Short names are found in the question as written, long ones one character on (the leading space).
    found.set(place, [...(found.get(place) ?? []), { name, at: short ? at : at - 1 }]);
    const masked = text.replace(pattern, (m) => ' '.repeat(m.length));
    if (short) asWritten = masked;
    else lower = masked;
  }
  return new Map(
    PLACES.filter((p) => found.has(p)).map((p) => [
      p,
      found
        .get(p)!
        .sort((a, b) => a.at - b.at)
        .map((n) => n.name),
    ]),
  );
}

/**
 * The places outside the standard's jurisdiction, kinds of railway it does not govern, and other
 * bodies' standards that a question names.
 */
export function foreignMentions(question: string, jurisdiction: string | null): ForeignMention[] {
  const found: ForeignMention[] = [];
  const lower = ` ${question.toLowerCase().replace(/[^a-z0-9/\- ]+/g, ' ')} `;
  const mention = (name: string) => new RegExp(`[ \\-]${escapeRegExp(name)}[ \\-]`).test(lower);
  for (const [place, [name = '']] of namedPlaces(question)) {
    if (inJurisdiction(place, jurisdiction)) continue;
    found.push({ text: name.length <= 3 ? name.toUpperCase() : name, words: [name] });
  }
  for (const kind of NETWORK_KINDS) {
    if (kind === 'cbtc' ? /\bCBTC\b/.test(question) : mention(kind)) found.push({ text: kind === 'cbtc' ? 'CBTC' : kind, words: [kind.replace(/s$/, '')] });
  }
  for (const match of question.matchAll(OTHER_STANDARD)) found.push({ text: match[0], words: [match[0].toLowerCase()] });
  return found;
}

/**
 * The places inside the standard's own jurisdiction a question names ("Canada", "Transport
 * Canada" asked of a Canadian regulation), as lower-case words. Every clause of the standard
 * applies there, so they tell its clauses nothing apart: retrieval and the coverage rule weigh
 * them at nothing. Bodies stay ordinary words ("notify FRA").
 */
export function homePlaceWords(question: string, jurisdiction: string | null): string[] {
  return [...namedPlaces(question)].filter(([place]) => !place.body && inJurisdiction(place, jurisdiction)).flatMap(([, names]) => names);
}
