/**
 * English stemming for fields with `stem: true`: Porter2, the Snowball English algorithm that Typesense runs
 * (StemmerManager with the default locale). Words are stemmed after the tokenizer has lower-cased them.
 */
import porter2 from 'wink-porter2-stemmer';

const cache = new Map<string, string>();
const CACHE_LIMIT = 50_000;

export function stemWord(word: string): string {
  let stemmed = cache.get(word);
  if (stemmed === undefined) {
    stemmed = porter2(word);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(word, stemmed);
  }
  return stemmed;
}
