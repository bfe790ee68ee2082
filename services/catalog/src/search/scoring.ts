import MiniSearch from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';

/**
 * One product's score for part of a query, and the query words it matched. MiniSearch ranks a
 * product by the sum of its words' scores times the number of query words it matched; both are
 * kept so parts can be combined in any order and ranked the same.
 */
export interface Scored {
  readonly score: number;
  readonly words: readonly string[];
}

/** Products (by document id) matched by part of a query. Never changed once made: cached parts are shared. */
export type Scores = ReadonlyMap<number, Scored>;

const NOTHING: Scores = new Map();

/** How one query word is looked up: exactly, and optionally as a prefix or with slips. */
export interface WordLookup {
  /** Edit distance allowed (0: none). */
  fuzzy: number;
  prefix: boolean;
}

/**
 * MiniSearch's query scoring (executeQuerySpec and its AND/OR combinators, 7.1), computed from each
 * indexed word's scores per product. MiniSearch scores a query by walking every matching word's
 * postings field by field and building match objects for every product on the way; for the shop's
 * broad words ('unga', 'flour' match thousands of products at 10,000) that was most of a search.
 * Here each indexed word's BM25 score per product is asked of MiniSearch once per build, on its
 * first use (the index does not change), and a word's prefix and fuzzy variants add that score
 * times MiniSearch's weight for the variant: the same ranking, without redoing the per-field work
 * on every search.
 */
export class TermScores {
  /** Every word the index holds, for prefix and fuzzy lookups (the same radix tree MiniSearch uses). */
  private readonly vocabulary = new SearchableMap<true>();
  /** Each indexed word's own scores, asked of MiniSearch on first use. */
  private readonly exact = new Map<string, Scores>();

  constructor(
    private readonly index: MiniSearch,
    private readonly weights: { fuzzy: number; prefix: number },
    words: Iterable<string>,
  ) {
    for (const word of words) this.vocabulary.set(word, true);
  }

  /**
   * The word's own scores: MiniSearch's for a one-word exact query (its quality factor is then 1).
   * Only indexed words are kept, so what shoppers type cannot grow this beyond the index.
   */
  private exactScores(word: string): Scores {
    if (!this.vocabulary.has(word)) return NOTHING;
    let scores = this.exact.get(word);
    if (!scores) {
      const words = [word];
      const found = new Map<number, Scored>();
      for (const hit of this.index.search(word, { fuzzy: false, prefix: false, combineWith: 'OR' })) {
        found.set(hit.id as number, { score: hit.score, words });
      }
      scores = found;
      this.exact.set(word, scores);
    }
    return scores;
  }

  /**
   * One query word: the word itself, then (as MiniSearch does) words it is a prefix of, weighted
   * down the longer they are, then words within the edit distance that are not prefix matches.
   */
  word(word: string, lookup: WordLookup): Scores {
    const variants: Array<[term: string, weight: number]> = [];
    if (lookup.prefix) {
      for (const term of this.vocabulary.atPrefix(word).keys()) {
        const distance = term.length - word.length;
        if (distance > 0) variants.push([term, (this.weights.prefix * term.length) / (term.length + 0.3 * distance)]);
      }
    }
    if (lookup.fuzzy > 0) {
      const prefixed = new Set(variants.map(([term]) => term));
      for (const [term, [, distance]] of this.vocabulary.fuzzyGet(word, lookup.fuzzy)) {
        if (distance > 0 && !prefixed.has(term)) variants.push([term, (this.weights.fuzzy * term.length) / (term.length + distance)]);
      }
    }
    const own = this.exactScores(word);
    if (variants.length === 0) return own;
    const sums = new Map<number, number>();
    for (const [id, scored] of own) sums.set(id, scored.score);
    for (const [term, weight] of variants) {
      for (const [id, scored] of this.exactScores(term)) sums.set(id, (sums.get(id) ?? 0) + weight * scored.score);
    }
    const words = [word];
    const scores = new Map<number, Scored>();
    for (const [id, score] of sums) scores.set(id, { score, words });
    return scores;
  }
}

function unionWords(a: readonly string[], b: readonly string[]): readonly string[] {
  if (a === b) return a;
  let union: string[] | null = null;
  for (const word of b) {
    if (a.includes(word)) continue;
    union ??= [...a];
    union.push(word);
  }
  return union ?? a;
}

/** Products in every part, their scores added (MiniSearch's AND). */
export function allOf(parts: readonly Scores[]): Scores {
  if (parts.length === 0) return new Map();
  return parts.reduce((a, b) => {
    const [small, large] = a.size <= b.size ? [a, b] : [b, a];
    const combined = new Map<number, Scored>();
    for (const [id, one] of small) {
      const other = large.get(id);
      if (!other) continue;
      // a + b in the query's order: the same sum as MiniSearch's.
      const [first, second] = small === a ? [one, other] : [other, one];
      combined.set(id, { score: first.score + second.score, words: unionWords(first.words, second.words) });
    }
    return combined;
  });
}

/** Products in any part, their scores added (MiniSearch's OR). */
export function anyOf(parts: readonly Scores[]): Scores {
  if (parts.length === 0) return new Map();
  if (parts.length === 1) return parts[0]!;
  const combined = new Map<number, Scored>(parts[0]!);
  for (const part of parts.slice(1)) {
    for (const [id, scored] of part) {
      const known = combined.get(id);
      combined.set(id, known ? { score: known.score + scored.score, words: unionWords(known.words, scored.words) } : scored);
    }
  }
  return combined;
}

/** The final ranking score: the sum times the number of query words matched, as MiniSearch's search() gives. */
export const rankScore = (scored: Scored): number => scored.score * (scored.words.length || 1);

/** MiniSearch's default tokenizer: query text is split as the documents were. */
export const tokenize = MiniSearch.getDefault('tokenize') as (text: string, fieldName?: string) => string[];
