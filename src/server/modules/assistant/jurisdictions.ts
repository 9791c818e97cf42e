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
  { names: ['europe', 'european', 'eu', 'eurocode', 'cenelec', 'tsi', 'era'], jurisdiction: 'Europe' },
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
  { names: ['canada', 'canadian', 'transport canada', 'ontario', 'quebec', 'toronto', 'montreal', 'vancouver'], jurisdiction: 'Canada' },
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

/**
 * The places outside the standard's jurisdiction, kinds of railway it does not govern, and other
 * bodies' standards that a question names.
 */
export function foreignMentions(question: string, jurisdiction: string | null): ForeignMention[] {
  const found: ForeignMention[] = [];
  const lower = ` ${question.toLowerCase().replace(/[^a-z0-9/\- ]+/g, ' ')} `;
  const mention = (name: string) => new RegExp(`[ \\-]${escapeRegExp(name)}[ \\-]`).test(lower);
  for (const place of PLACES) {
    if (inJurisdiction(place, jurisdiction)) continue;
    // Short upper-case names ("UK", "EU", "NSW") only when written so: "eu" or "era" in prose is not a place.
    const name = place.names.find((n) => (n.length <= 3 ? new RegExp(`\\b${escapeRegExp(n.toUpperCase())}\\b`).test(question) : mention(n)));
    if (name) found.push({ text: name.length <= 3 ? name.toUpperCase() : name, words: [name] });
  }
  for (const kind of NETWORK_KINDS) {
    if (kind === 'cbtc' ? /\bCBTC\b/.test(question) : mention(kind)) found.push({ text: kind === 'cbtc' ? 'CBTC' : kind, words: [kind.replace(/s$/, '')] });
  }
  for (const match of question.matchAll(OTHER_STANDARD)) found.push({ text: match[0], words: [match[0].toLowerCase()] });
  return found;
}
