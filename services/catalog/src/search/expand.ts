import { normaliseSearchPhrase, phraseMatchWords, type SearchSynonymEntry } from '@shop/api-types';

/**
 * One thing the shopper asked for: a product matches it when it matches any one alternative,
 * and an alternative when every one of its words is in the product's name, brand, category or
 * unit.
 */
export type SearchClause = string[][];

/** The synonym table made ready for matching queries. */
export interface SynonymMatcher {
  /** A phrase's match words joined by a space, to the term alternatives it adds. */
  readonly byKey: ReadonlyMap<string, string[][]>;
  /** Words of the longest phrase: how far ahead a query is looked at for a phrase. */
  readonly longest: number;
}

/** At most this many clauses, so a long query cannot make a huge search. */
const MAX_CLAUSES = 8;
/** Tokens of a query looked at (a search is at most 100 characters anyway). */
const MAX_TOKENS = 16;

/**
 * Swahili words around the product in a request ('nataka mchele', 'unga ya ngano kilo mbili'):
 * they name nothing the catalogue has, and as substrings they would match at random ('ya' is in
 * 'Nyota'). Dropped only from a query a synonym matched, so English searches keep every word.
 */
export const SWAHILI_REQUEST_WORDS: ReadonlySet<string> = new Set([
  'wa',
  'ya',
  'cha',
  'za',
  'la',
  'vya',
  'kwa',
  'na',
  'nataka',
  'ninataka',
  'naomba',
  'nipe',
  'tafadhali',
  'natafuta',
  'nunua',
  'kununua',
]);

export function synonymMatcher(entries: readonly SearchSynonymEntry[]): SynonymMatcher {
  const byKey = new Map<string, string[][]>();
  let longest = 0;
  for (const entry of entries) {
    const matchWords = phraseMatchWords(normaliseSearchPhrase(entry.phrase));
    if (matchWords.length === 0) continue;
    const key = matchWords.join(' ');
    const alternatives = byKey.get(key) ?? [];
    for (const term of entry.terms) {
      const words = normaliseSearchPhrase(term).split(' ').filter(Boolean);
      if (words.length > 0 && !alternatives.some((known) => known.join(' ') === words.join(' '))) alternatives.push(words);
    }
    byKey.set(key, alternatives);
    longest = Math.max(longest, matchWords.length);
  }
  return { byKey, longest };
}

/** A query word as the search matched it before synonyms: lower case, split at apostrophes too. */
const literalWords = (token: string): string[] => token.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);

/**
 * Search text to clauses. Phrases of the synonym table are found first, longest first at each
 * place ('unga wa ngano' before 'unga'), compared normalised (case, accents, apostrophes, spaces,
 * any form of Swahili "of"); each becomes one clause of its own words or any of its terms. Every
 * other word must match as it is, as it always did.
 */
export function searchClauses(text: string, matcher: SynonymMatcher): SearchClause[] {
  const tokens = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}'’‘`´ʼ]+/u)
    .filter((token) => /[\p{L}\p{N}]/u.test(token))
    .slice(0, MAX_TOKENS);
  const keys = tokens.map((token) => phraseMatchWords(normaliseSearchPhrase(token)).join(' '));
  const found: Array<{ clause: SearchClause; synonym: boolean; key: string }> = [];
  let position = 0;
  while (position < tokens.length) {
    let length = Math.min(matcher.longest, tokens.length - position);
    for (; length >= 1; length--) {
      const alternatives = matcher.byKey.get(keys.slice(position, position + length).join(' '));
      if (!alternatives) continue;
      const own = tokens.slice(position, position + length).flatMap(literalWords);
      found.push({ clause: [own, ...alternatives], synonym: true, key: '' });
      break;
    }
    if (length >= 1) {
      position += length;
      continue;
    }
    for (const word of literalWords(tokens[position]!)) found.push({ clause: [[word]], synonym: false, key: keys[position]! });
    position += 1;
  }
  const anySynonym = found.some((entry) => entry.synonym);
  return found
    .filter((entry) => !anySynonym || entry.synonym || !SWAHILI_REQUEST_WORDS.has(entry.key))
    .slice(0, MAX_CLAUSES)
    .map((entry) => entry.clause);
}
