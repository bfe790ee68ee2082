import MiniSearch, { type Query, type SearchOptions } from 'minisearch';
import { products } from '../db/seed/data';
import { allOf, anyOf, rankScore, TermScores, tokenize, type Scores } from './scoring';

/**
 * TermScores must rank exactly as MiniSearch's own search() does (the engine's evaluation figures
 * were measured with it): the same products, and scores equal but for rounding.
 */
describe('scoring from per-word scores', () => {
  const fields = ['name', 'category', 'pack'];
  const weights = { fuzzy: 0.5, prefix: 0.6 };
  const processTerm = (term: string): string | null => {
    const word = term.toLowerCase();
    return /\d/.test(word) ? null : word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
  };
  const options: SearchOptions = { boost: { name: 4, category: 1.5, pack: 0.5 }, maxFuzzy: 2, weights };
  const documents = products.map((product, id) => ({ id, name: product.name, category: product.category, pack: product.sku }));
  const index = new MiniSearch({ fields, processTerm, searchOptions: options });
  index.addAll(documents);
  const words = new Set<string>();
  for (const document of documents) {
    for (const field of [document.name, document.category, document.pack]) {
      for (const token of tokenize(field)) {
        const term = processTerm(token);
        if (term) words.add(term);
      }
    }
  }
  const terms = new TermScores(index, weights, words);

  /** One lookup per word of the text, all of them (AND) or any (OR). */
  const ours = (text: string, lookup: { fuzzy: number; prefix: boolean }, combineWith: 'AND' | 'OR'): Scores => {
    const parts = tokenize(text)
      .map(processTerm)
      .filter((term): term is string => term !== null)
      .map((term) => terms.word(term, lookup));
    return combineWith === 'AND' ? allOf(parts) : anyOf(parts);
  };
  const theirs = (query: Query, lookup: { fuzzy: number; prefix: boolean }): Map<number, number> =>
    new Map(
      index
        .search(query, { fuzzy: lookup.fuzzy === 0 ? false : lookup.fuzzy, prefix: lookup.prefix })
        .map((hit) => [hit.id as number, hit.score]),
    );
  const expectSame = (mine: Scores, reference: Map<number, number>): void => {
    expect([...mine.keys()].sort((a, b) => a - b)).toEqual([...reference.keys()].sort((a, b) => a - b));
    for (const [id, scored] of mine) expect(rankScore(scored)).toBeCloseTo(reference.get(id)!, 10);
  };

  it.each([
    ['maize meal', { fuzzy: 0, prefix: false }],
    ['maize', { fuzzy: 0, prefix: true }],
    ['mai', { fuzzy: 0, prefix: true }],
    ['flor', { fuzzy: 1, prefix: false }],
    ['pishory rice', { fuzzy: 2, prefix: true }],
    ['wheet flour packet', { fuzzy: 1, prefix: true }],
  ])('"%s" %o matches what MiniSearch finds, with its scores', (text, lookup) => {
    const any = theirs({ combineWith: 'OR', queries: [text] }, lookup);
    expect(any.size).toBeGreaterThan(0);
    expectSame(ours(text, lookup, 'OR'), any);
    expectSame(ours(text, lookup, 'AND'), theirs({ combineWith: 'AND', queries: [text] }, lookup));
  });

  it('finds nothing for a word the index does not hold, when nothing may be guessed', () => {
    expect(ours('sugar', { fuzzy: 0, prefix: false }, 'OR').size).toBe(0);
    expect(ours('maize sugar', { fuzzy: 0, prefix: false }, 'AND').size).toBe(0);
  });

  it('adds the scores of alternatives and counts each query word once, as nested MiniSearch queries do', () => {
    const exact = { fuzzy: 0, prefix: false };
    const combined = allOf([
      anyOf([ours('unga', exact, 'AND'), ours('maize meal', exact, 'AND'), ours('maize flour', exact, 'AND')]),
      ours('sifted', exact, 'AND'),
    ]);
    const reference = theirs(
      {
        combineWith: 'AND',
        queries: [
          {
            combineWith: 'OR',
            queries: [
              { combineWith: 'AND', queries: ['unga'] },
              { combineWith: 'AND', queries: ['maize meal'] },
              { combineWith: 'AND', queries: ['maize flour'] },
            ],
          },
          { combineWith: 'AND', queries: ['sifted'] },
        ],
      },
      exact,
    );
    expect(reference.size).toBeGreaterThan(0);
    expectSame(combined, reference);
  });
});
