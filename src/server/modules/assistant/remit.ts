import type { ForeignMention } from './jurisdictions';

/**
 * Subjects a railway safety standard does not govern, however railway they sound: what a ticket
 * or a carload costs, what a job pays, who invented what, how many ride, model railways, and
 * what other agencies (EPA, OSHA, FTA, the STB) and bodies (AREMA) require. A
 * question about one is answered only by a clause that speaks of it ("freight rate", "salary");
 * a clause that shares its other words ("Amtrak", "air brake") does not answer it.
 */
const OUTSIDE_REMIT = [
  /\b(prices?|pricing|fares?|tickets?|refunds?|rail pass(?:es)?|demurrage|freight rates?|tariffs?)\b/gi,
  /\b(salar(?:y|ies)|paychecks?|hiring|job openings?|careers?)\b/gi,
  /\b(invent(?:ed|or|ion)?|histor(?:y|ic|ical|ically))\b/gi,
  /\b(ridership|riders|boardings|travel demand|revenue adequa(?:te|cy))\b/gi,
  /\b(HO scale|N scale|model (?:trains?|railroads?|railways?)|layouts?)\b/gi,
  /\b(income tax(?:es)?|depreciat(?:e|ed|ion)|operating ratio|bicycles?|golden spike)\b/gi,
  // Rail safety rules outside the loaded parts, by the names engineers give them: freight cars (49 CFR 215), drug and
  // alcohol testing (219), hours of service (228), passenger equipment (238), crew certification (240, 242), transit
  // safety plans (49 CFR 673). A clause that speaks of one still answers.
  /\b(freight car safety standards?|post-accident (?:toxicological )?testing|drug (?:and|&) alcohol|alcohol (?:and|&) drug|(?:drug|alcohol) test(?:s|ing)?|hours[- ]of[- ]service|passenger equipment safety standards?|(?:engineer|conductor) (?:re)?certification|Public Transportation Agency Safety Plan|state safety oversight)\b/gi,
  // Other agencies' and bodies' rules: environment, workplace, transit, accessibility, economics, hazmat, design manuals.
  /\b(EPA|OSHA|FTA|ADA|STB|PHMSA|TSA|FHWA|NEPA|AREMA|Surface Transportation Board|Federal Transit Administration)\b/g,
];

/** The subjects outside the standard's remit a question asks about, as the question writes them. */
export function outsideRemit(question: string): ForeignMention[] {
  return OUTSIDE_REMIT.flatMap((pattern) =>
    [...question.matchAll(pattern)].map((match) => ({ text: match[0], words: [match[0].toLowerCase().replace(/([^s])s$/, '$1')] })),
  );
}
