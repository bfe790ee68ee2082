import Fuse from 'fuse.js';
import type { Product, SearchSynonymEntry } from '@shop/api-types';
import { FILLER_WORDS, nameKey, stem, words } from './text';

/**
 * Words shoppers use for a category besides its name, English and Swahili (unga = flour, ugali is
 * cooked from maize meal, mchele = rice, mafuta = oil, maharagwe = beans, chakula cha kuku =
 * chicken feed...). Keyed by category slug; a category staff add later is found by its name only.
 */
const CATEGORY_WORDS: Record<string, string> = {
  'maize-meal': 'unga ugali sembe posho mahindi maize corn flour meal white',
  'wheat-flour': 'unga ngano wheat flour chapati mandazi',
  'baking-flour': 'unga ngano wheat flour baking bake cake chapati mandazi',
  'porridge-flour': 'unga uji porridge flour millet wimbi mtama sorghum',
  rice: 'mchele wali rice pilau',
  'cooking-oil': 'mafuta oil cooking kupika',
  'animal-feeds': 'chakula feed feeds animal mifugo',
  'pulses-cereals': 'maharagwe beans pulses cereals nafaka',
};

/** Words a product's own name suggests to shoppers who say it another way. */
const NAME_WORDS: Array<[RegExp, string]> = [
  [/\b(layers|chick|growers) mash\b/i, 'kuku chicken chickens poultry hens'],
  [/\bdairy\b/i, 'ngombe cow cows cattle'],
  [/\bpig\b/i, 'nguruwe pigs swine'],
  [/\bdog\b/i, 'mbwa dogs puppy'],
  [/\bgreen grams\b/i, 'ndengu dengu'],
  [/\bcowpeas\b/i, 'kunde'],
  [/\bbeans\b/i, 'maharagwe'],
  [/\blentils\b/i, 'kamande'],
  [/\bdona\b|\bwhole maize\b/i, 'brown ugali dona'],
  [/\bsifted\b/i, 'sembe'],
  [/\buji\b|\bporridge\b/i, 'uji breakfast'],
  [/\bsunflower\b/i, 'alizeti'],
  [/\bself-raising\b/i, 'self raising selfraising'],
];

/** How much a word counts by where it appears in a product. */
const WEIGHT = { name: 1, brand: 0.9, category: 0.8, synonym: 0.7 } as const;

export interface IndexedProduct {
  id: number;
  name: string;
  /** Words of the name, in order (for how completely a query covers a name). */
  nameWords: string[];
  /** Every word that finds this product, with its weight. */
  vocabulary: Map<string, number>;
  brandSlug: string;
  categorySlug: string;
  /** Index in the catalogue's own order, for stable ranking. */
  position: number;
  offerPercent: number;
}

export interface Match {
  product: IndexedProduct;
  /** Query words that matched. */
  covered: number;
  /** Sum of the matched words' similarity times their weight. */
  score: number;
  /** Share of the product's name words the query names. */
  nameShare: number;
}

export interface SearchResult {
  /** Best first. */
  matches: Match[];
  /** Query words that matched something in the catalogue. */
  known: number;
  /** Query words that matched nothing (typos beyond repair, words the shop does not use). */
  unknown: string[];
  /** True when no product matched every known word and the matches are the closest ones. */
  partial: boolean;
}

/** Synonyms as compared words: the phrase's words that name something, and each term's words. */
function synonymsAsWords(synonyms: readonly SearchSynonymEntry[]): Array<{ phrase: string[]; terms: string[][] }> {
  return synonyms
    .map((synonym) => ({
      phrase: words(synonym.phrase)
        .map(stem)
        .filter((word) => !FILLER_WORDS.has(word)),
      terms: synonym.terms.map((term) => words(term).map(stem)).filter((term) => term.length > 0),
    }))
    .filter((synonym) => synonym.phrase.length > 0 && synonym.terms.length > 0);
}

/** Edits (insert, delete, change, swap two neighbours) from one word to the other. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The catalogue as the assistant searches it. Each query word is looked up in the catalogue's
 * vocabulary; a word that is not there is corrected with fuse.js (Bitap, typo-tolerant) against
 * the vocabulary ('pishory' is 'pishori', 'unnga' is 'unga'), then products are ranked by how
 * many query words they match, how well, and how much of their name the query names.
 */
export class ProductIndex {
  readonly products: IndexedProduct[];
  private readonly byName = new Map<string, IndexedProduct>();
  private readonly postings = new Map<string, Array<{ product: IndexedProduct; weight: number }>>();
  private readonly fuse: Fuse<string>;

  /**
   * @param synonyms The catalogue's search synonyms (the site search's table): a product that has
   *   every word of one of a synonym's terms is found by the synonym's phrase too.
   */
  constructor(catalogue: Product[], synonyms: readonly SearchSynonymEntry[] = []) {
    const synonymWords = synonymsAsWords(synonyms);
    this.products = catalogue.map((product, position) => {
      const vocabulary = new Map<string, number>();
      const add = (text: string, weight: number) => {
        for (const word of words(text).map(stem)) if (!vocabulary.has(word) || vocabulary.get(word)! < weight) vocabulary.set(word, weight);
      };
      add(product.name, WEIGHT.name);
      add(product.unit, WEIGHT.name);
      add(product.brand?.name ?? '', WEIGHT.brand);
      add(product.category?.name ?? '', WEIGHT.category);
      // Matched against the product's own words only, before the extra words below are added.
      const own = new Set(vocabulary.keys());
      for (const { phrase, terms } of synonymWords) {
        if (!terms.some((term) => term.every((word) => own.has(word)))) continue;
        for (const word of phrase)
          if (!vocabulary.has(word) || vocabulary.get(word)! < WEIGHT.synonym) vocabulary.set(word, WEIGHT.synonym);
      }
      add(product.sku?.name ?? '', WEIGHT.synonym);
      add(CATEGORY_WORDS[product.category?.slug ?? ''] ?? '', WEIGHT.synonym);
      for (const [pattern, extra] of NAME_WORDS) if (pattern.test(product.name)) add(extra, WEIGHT.synonym);
      return {
        id: product.id,
        name: product.name,
        nameWords: words(product.name).map(stem),
        vocabulary,
        brandSlug: product.brand?.slug ?? '',
        categorySlug: product.category?.slug ?? '',
        position,
        offerPercent: product.offer?.discount?.percent ?? 0,
      };
    });
    for (const product of this.products) {
      this.byName.set(nameKey(product.name), product);
      for (const [word, weight] of product.vocabulary) {
        const list = this.postings.get(word) ?? [];
        list.push({ product, weight });
        this.postings.set(word, list);
      }
    }
    // Only letter words are corrected: sizes and numbers must match exactly (2kg is not 1kg).
    this.fuse = new Fuse(
      [...this.postings.keys()].filter((word) => !/\d/.test(word) && word.length >= 3),
      { includeScore: true, threshold: 0.34, ignoreLocation: true, minMatchCharLength: 2, shouldSort: true },
    );
  }

  get size(): number {
    return this.products.length;
  }

  byId(id: number): IndexedProduct | undefined {
    return this.products.find((product) => product.id === id);
  }

  /** The product whose name is exactly this (case, spacing and punctuation aside). */
  exact(name: string): IndexedProduct | undefined {
    return this.byName.get(nameKey(name));
  }

  /** The catalogue words a query word may mean, with their similarity (1 exact, less when corrected). */
  private meanings(word: string): Array<{ word: string; similarity: number }> {
    if (this.postings.has(word)) return [{ word, similarity: 1 }];
    if (/\d/.test(word) || word.length < 4) {
      // A prefix of a longer word still counts a little ('mlim' for 'mlima'), never a size.
      return [];
    }
    const found: Array<{ word: string; similarity: number }> = [];
    for (const candidate of this.postings.keys()) {
      if (candidate.length > word.length && candidate.length <= word.length + 4 && candidate.startsWith(word))
        found.push({ word: candidate, similarity: 0.85 });
    }
    // Fuse finds look-alikes anywhere in a word ('story' in 'pastry'); a correction must also be the
    // whole word with one slip (two in words of eight letters or more): 'lion' is not 'long'.
    // Words of four letters or fewer are too short to guess at ('song' is not 'long').
    const slips = word.length >= 8 ? 2 : word.length >= 5 ? 1 : 0;
    for (const hit of this.fuse.search(word, { limit: 5 })) {
      if (editDistance(word, hit.item) > slips) continue;
      const similarity = 1 - (hit.score ?? 1);
      if (!found.some((entry) => entry.word === hit.item)) found.push({ word: hit.item, similarity: Math.max(0.5, similarity) * 0.95 });
    }
    return found;
  }

  /** Products for the query words (already without filler words), best first. */
  search(queryWords: string[], options: { limit?: number } = {}): SearchResult {
    const unique = [...new Set(queryWords)];
    const perProduct = new Map<number, { product: IndexedProduct; covered: number; score: number; named: Set<string> }>();
    let known = 0;
    const unknown: string[] = [];
    for (const word of unique) {
      const meanings = this.meanings(word);
      if (meanings.length === 0) {
        unknown.push(word);
        continue;
      }
      known += 1;
      const best = new Map<number, { product: IndexedProduct; value: number; word: string }>();
      for (const meaning of meanings) {
        for (const { product, weight } of this.postings.get(meaning.word) ?? []) {
          const value = meaning.similarity * weight;
          const current = best.get(product.id);
          if (!current || current.value < value) best.set(product.id, { product, value, word: meaning.word });
        }
      }
      for (const { product, value, word: matched } of best.values()) {
        const entry = perProduct.get(product.id) ?? { product, covered: 0, score: 0, named: new Set<string>() };
        entry.covered += 1;
        entry.score += value;
        entry.named.add(matched);
        perProduct.set(product.id, entry);
      }
    }
    const all = [...perProduct.values()].map(({ product, covered, score, named }) => ({
      product,
      covered,
      score,
      nameShare: product.nameWords.filter((word) => named.has(word)).length / Math.max(1, product.nameWords.length),
    }));
    const full = all.filter((match) => match.covered === known);
    // A size the shop does not have ('rice 3kg') makes the matches only close ones.
    const partial = full.length === 0 || unknown.some((word) => /\d/.test(word));
    const most = Math.max(0, ...all.map((match) => match.covered));
    const chosen = (partial ? all.filter((match) => match.covered === most) : full).sort(
      (a, b) => b.covered - a.covered || b.score - a.score || b.nameShare - a.nameShare || a.product.position - b.product.position,
    );
    return { matches: options.limit ? chosen.slice(0, options.limit) : chosen, known, unknown, partial };
  }
}
