import { DataSet, englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';

/**
 * Place names and words railway engineers write that the English word list would flag
 * (the Penistone Line, for one). Whitelisted terms are matched whole, ignoring case.
 */
const RAILWAY_WHITELIST = ['penistone', 'scunthorpe', 'cockfosters', 'clitheroe', 'shitterton'];

const dataset = new DataSet<{ originalWord: string }>()
  .addAll(englishDataset)
  // A first name as often as anything else ("Dick Smith", "Dick's point").
  .removePhrasesIf((phrase) => phrase.metadata?.originalWord === 'dick');

const built = dataset.build();
const matcher = new RegExpMatcher({
  ...built,
  whitelistedTerms: [...(built.whitelistedTerms ?? []), ...RAILWAY_WHITELIST],
  ...englishRecommendedTransformers,
});

/**
 * The profane words in a text (each once, as the word list names them), found with the
 * `obscenity` library, which also sees through l33t spelling and repeated letters.
 */
export function findProfanity(text: string): string[] {
  const words = new Set<string>();
  for (const match of matcher.getAllMatches(text, true)) {
    const word = dataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord;
    if (word) words.add(word);
  }
  return [...words];
}
