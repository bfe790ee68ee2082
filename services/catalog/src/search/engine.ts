import MiniSearch, { type SearchOptions } from 'minisearch';
import { normaliseSearchPhrase, type Product, type SearchSynonymEntry } from '@shop/api-types';
import { fromCents, shownPayableCents } from '@shop/money';
import { searchClauses, SWAHILI_REQUEST_WORDS, synonymMatcher, type SearchClause, type SynonymMatcher } from './expand';
import { sameSize, sizeOfUnit, understandQuery, type QueryLimits, type Size } from './query';
import { allOf, anyOf, rankScore, TermScores, tokenize, type Scores } from './scoring';

/**
 * Words around the product in a request, English and Swahili ('nataka mchele', 'show me oil',
 * 'unga ya ngano kilo'): they name nothing the catalogue has. Only whole single-word clauses are
 * dropped; a synonym phrase that contains one ('unga wa ugali') is matched before.
 */
const FILLER_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'for',
  'and',
  'with',
  'in',
  'i',
  'me',
  'my',
  'want',
  'need',
  'show',
  'find',
  'buy',
  'some',
  'any',
  'please',
  'pls',
  'plz',
  'do',
  'you',
  'have',
  'is',
  'there',
  'get',
  'good',
  'best',
  ...SWAHILI_REQUEST_WORDS,
  'ni',
  'je',
  'kuna',
  'una',
  'mna',
  'mnauza',
  'nitaka',
  'niletee',
  'ningependa',
  'mimi',
  'kilo',
  'kg',
  'lita',
  'litre',
  'litres',
  'size',
  'saizi',
  'ngapi',
  'gani',
  'sasa',
  'leo',
  'niko',
  'sawa',
  'poa',
  'manze',
  'boss',
  'msee',
  'bro',
  'fiti',
]);

/** A field's weight in the ranking: the product's own name decides, brand and category help. */
const BOOST = { name: 4, brand: 2, category: 1.5, pack: 0.5, synonyms: 1 } as const;

/** Words of four letters or fewer are never guessed at ('song' is not 'long'); longer ones may have one slip, long ones two. */
const fuzziness = (term: string): number => (term.length <= 4 ? 0 : term.length <= 6 ? 1 : 2);

/** Lower case, accents and apostrophes gone, a plural 's' dropped: 'Oils' and 'oil' are one word. */
function processTerm(term: string): string | null {
  const word = normaliseSearchPhrase(term).replace(/\s+/g, '');
  if (word.length === 0 || /\d/.test(word)) return null;
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** Words of a text as the index holds them. */
const termWords = (text: string): string[] =>
  normaliseSearchPhrase(text)
    .split(' ')
    .map(processTerm)
    .filter((word): word is string => word !== null);

interface IndexedDocument {
  id: number;
  name: string;
  brand: string;
  category: string;
  pack: string;
  /** Phrases of the synonym table whose terms this product has ('unga', 'mchele'), for typos and prefixes. */
  synonyms: string;
}

export interface EngineHit {
  product: Product;
  score: number;
}

/** Why a search shows what it shows when the limits could not all be met. */
export type SearchShortfall =
  | { kind: 'size'; asked: Size; available: Size[] }
  | { kind: 'price'; maxPrice: number; cheapest: number }
  | { kind: 'pack'; packWord: string };

export interface EngineAnswer {
  /** Best first. */
  hits: EngineHit[];
  /** What the query asked besides the product, and the product words searched. */
  understood: QueryLimits & { productText: string };
  /** A limit nothing met: the hits are then the product in what there is, nearest first. */
  shortfall: SearchShortfall | null;
  /** True when the product words matched nothing and nothing is shown. */
  nothingFound: boolean;
  /** Every product word matched and every limit was met: the hits are what was asked, not the nearest. */
  complete: boolean;
}

/** The price a shopper pays today (an offer's price when there is one). */
/** What a shopper pays for one unit now, in KSh, by the shop's one rule (@shop/money). */
export const payablePrice = (product: Product): number => fromCents(shownPayableCents(product));

const WEIGHTS = { fuzzy: 0.5, prefix: 0.6 } as const;

const SEARCH_OPTIONS: SearchOptions = {
  boost: BOOST,
  maxFuzzy: 2,
  weights: WEIGHTS,
};

/** A product found, by its place in the catalogue's order (the document id in the index). */
interface Found {
  doc: number;
  score: number;
}

/**
 * The shop's one product search (the search page, the header's suggestions and the assistant all
 * ask it): MiniSearch's BM25 ranking over name, brand, category and pack, typo tolerant and
 * prefix matching, with the staff-edited synonyms expanding the query. Built from one snapshot of
 * the catalogue; SearchIndex rebuilds it when the catalogue changes.
 *
 * Products are numbered by their place in the catalogue's order (equal scores keep that order).
 * What does not depend on the query is worked out once per build, when first needed: each indexed
 * word's scores (TermScores) and each synonym's products (its terms are the catalogue's own words,
 * matched exactly), so a Swahili phrase that stands for thousands of products costs one lookup.
 * Both are bounded by the index and the synonym table, not by what shoppers type.
 */
export class SearchEngine {
  private readonly products: readonly Product[];
  /** Each product's payable price and pack size, worked out once: a broad word matches thousands. */
  private readonly priceOf: Float64Array;
  private readonly sizeOf: Array<Size | null>;
  private readonly matcher: SynonymMatcher;
  private readonly terms: TermScores;
  /** The products and scores of each synonym's terms, by the terms (as searchClauses gives them). */
  private readonly synonymScores = new Map<string, Scores>();
  /** Every word the index holds: a word found as it is is not corrected (fewer, better matches, and faster). */
  private readonly vocabulary = new Set<string>();
  /** The one-word synonym phrases held in the synonyms field, as indexed. */
  private readonly indexedSynonyms = new Set<string>();

  constructor(products: readonly Product[], synonyms: readonly SearchSynonymEntry[]) {
    this.products = products;
    this.matcher = synonymMatcher(synonyms);
    const index = new MiniSearch<IndexedDocument>({
      fields: ['name', 'brand', 'category', 'pack', 'synonyms'],
      processTerm,
      searchOptions: SEARCH_OPTIONS,
    });
    this.priceOf = Float64Array.from(products, payablePrice);
    this.sizeOf = products.map((product) => sizeOfUnit(product.unit));
    // One-word phrases only: a word of a longer one means nothing alone ('chakula' of 'chakula cha kuku'
    // is any food); longer phrases are read from the query as a whole (searchClauses).
    const phrases = synonyms
      .filter((entry) => !normaliseSearchPhrase(entry.phrase).includes(' '))
      .map((entry) => ({
        phrase: entry.phrase,
        terms: entry.terms.map(termWords).filter((words) => words.length > 0),
      }));
    const documents = products.map((product, doc): IndexedDocument => {
      const own = new Set(termWords(`${product.name} ${product.brand.name} ${product.category.name} ${product.sku.name}`));
      for (const word of own) this.vocabulary.add(word);
      return {
        id: doc,
        name: product.name,
        brand: product.brand.name,
        category: product.category.name,
        pack: product.sku.name,
        synonyms: phrases
          .filter(({ terms }) => terms.some((words) => words.every((word) => own.has(word))))
          .map(({ phrase }) => phrase)
          .join(' '),
      };
    });
    index.addAll(documents);
    for (const { phrase } of phrases) {
      for (const word of termWords(phrase)) {
        this.vocabulary.add(word);
        this.indexedSynonyms.add(word);
      }
    }
    // The words as MiniSearch indexed them (its tokenizer, then processTerm), for prefix and fuzzy lookups.
    const indexed = new Set<string>();
    for (const document of documents) {
      for (const text of [document.name, document.brand, document.category, document.pack, document.synonyms]) {
        for (const token of tokenize(text)) {
          const term = processTerm(token);
          if (term) indexed.add(term);
        }
      }
    }
    this.terms = new TermScores(index, WEIGHTS, indexed);
  }

  get size(): number {
    return this.products.length;
  }

  /** Query text as MiniSearch reads it: its tokenizer, then the index's processTerm. */
  private queryTerms(words: readonly string[]): string[] {
    return tokenize(words.join(' '))
      .map(processTerm)
      .filter((term): term is string => term !== null);
  }

  /** The products of a synonym's terms, any one of them with all its words, matched exactly. */
  private termsOf(alternatives: readonly (readonly string[])[]): Scores {
    const key = alternatives.map((words) => words.join(' ')).join('\n');
    let scores = this.synonymScores.get(key);
    if (!scores) {
      scores = anyOf(
        alternatives.map((words) => allOf(this.queryTerms(words).map((term) => this.terms.word(term, { fuzzy: 0, prefix: false })))),
      );
      this.synonymScores.set(key, scores);
    }
    return scores;
  }

  /**
   * The clause's products: any one alternative, each with all its words. Only the shopper's own
   * words (the first alternative) are corrected, and only when the index does not hold them as
   * typed; a synonym's terms are the catalogue's words already. The words of the last clause typed
   * are prefixes too ('mlima go' as the shopper types).
   */
  private clauseScores(clause: SearchClause, typing: boolean): Scores {
    const own = clause[0]!;
    const ownScores = allOf(
      this.queryTerms(own).map((term) =>
        this.terms.word(term, {
          fuzzy: this.vocabulary.has(term) ? 0 : fuzziness(term),
          prefix: typing && term.length >= 2,
        }),
      ),
    );
    // A one-word synonym is indexed with the products its terms name (the synonyms field): its
    // own word finds them all, and asking the terms again would only repeat the work.
    if (clause.length === 1 || (own.length === 1 && this.indexedSynonyms.has(own[0]!))) return ownScores;
    return anyOf([ownScores, this.termsOf(clause.slice(1))]);
  }

  /** Product ids and scores for the product words: every clause if possible, else those that match anything. */
  private matchProductWords(productText: string): { found: Found[]; everyWord: boolean } | null {
    const clauses = searchClauses(productText, this.matcher).filter(
      (clause) => !(clause.length === 1 && clause[0]!.length === 1 && FILLER_WORDS.has(clause[0]![0]!)),
    );
    if (clauses.length === 0) return null;
    const typing = clauses.at(-1);
    const parts = clauses.map((clause) => this.clauseScores(clause, clause === typing));
    const all = allOf(parts);
    if (all.size > 0) return { found: ranked(all), everyWord: true };
    // A word the shop knows nothing of ('nataka unga safi'): search the words it does know.
    const known = parts.filter((part) => part.size > 0);
    if (known.length === 0) return { found: [], everyWord: false };
    const allKnown = known.length < parts.length ? allOf(known) : all;
    // Words that are each known but never together ('maize flor', where 'flor' is flour): the
    // products that match most of them, best first.
    return { found: ranked(allKnown.size > 0 ? allKnown : anyOf(known)), everyWord: false };
  }

  search(text: string, options: { limit?: number } = {}): EngineAnswer {
    const understood = understandQuery(text);
    const matched = this.matchProductWords(understood.productText);
    const hasLimit = understood.size !== null || understood.packs !== null || understood.maxPrice !== null || understood.cheapestFirst;
    let pool: Found[];
    if (matched === null) {
      // Only limits ('2kg', 'cheapest', 'bale'): they narrow the whole catalogue.
      pool = hasLimit ? this.products.map((_, doc) => ({ doc, score: 0 })) : [];
    } else {
      pool = matched.found;
    }
    const everyWord = matched?.everyWord ?? true;
    let shortfall: SearchShortfall | null = null;
    // Equal scores keep the catalogue's order, so every caller sees the same first product.
    const byScore = (a: Found, b: Found): number => b.score - a.score || a.doc - b.doc;

    if (understood.packs) {
      const packs = understood.packs;
      const inPack = pool.filter((hit) => packs.includes(this.products[hit.doc]!.sku.name));
      if (inPack.length > 0) pool = inPack;
      else if (pool.length > 0) shortfall = { kind: 'pack', packWord: understood.packWord ?? packs[0]! };
    }
    if (understood.size) {
      const asked = understood.size;
      const inSize = pool.filter((hit) => {
        const size = this.sizeOf[hit.doc];
        return size != null && sameSize(size, asked);
      });
      if (inSize.length > 0) pool = inSize;
      else if (pool.length > 0) {
        const available = uniqueSizes(pool.map((hit) => this.sizeOf[hit.doc]).filter((size): size is Size => size != null));
        shortfall ??= { kind: 'size', asked, available };
        // Nearest size first: 'basmati 2kg' shows the 1 kg before the 5 kg.
        const distance = (hit: Found): number => {
          const size = this.sizeOf[hit.doc];
          return size && size.unit === asked.unit ? Math.abs(size.amount - asked.amount) : Number.POSITIVE_INFINITY;
        };
        pool.sort((a, b) => distance(a) - distance(b) || byScore(a, b));
        return this.finish(pool, understood, shortfall, everyWord, options.limit);
      }
    }
    if (understood.maxPrice !== null) {
      const maxPrice = understood.maxPrice;
      const within = pool.filter((hit) => this.priceOf[hit.doc]! <= maxPrice);
      if (within.length > 0) pool = within;
      else if (pool.length > 0) {
        const cheapest = Math.min(...pool.map((hit) => this.priceOf[hit.doc]!));
        shortfall ??= { kind: 'price', maxPrice, cheapest };
        pool.sort((a, b) => this.priceOf[a.doc]! - this.priceOf[b.doc]! || byScore(a, b));
        return this.finish(pool, understood, shortfall, everyWord, options.limit);
      }
    }
    pool.sort(understood.cheapestFirst ? (a, b) => this.priceOf[a.doc]! - this.priceOf[b.doc]! || byScore(a, b) : byScore);
    return this.finish(pool, understood, shortfall, everyWord, options.limit);
  }

  /** The answer from the pool, already in its order. */
  private finish(
    pool: Found[],
    understood: EngineAnswer['understood'],
    shortfall: SearchShortfall | null,
    everyWord: boolean,
    limit: number | undefined,
  ): EngineAnswer {
    const shown = limit ? pool.slice(0, limit) : pool;
    return {
      hits: shown.map(({ doc, score }) => ({ product: this.products[doc]!, score })),
      understood,
      shortfall,
      nothingFound: pool.length === 0,
      complete: pool.length > 0 && everyWord && shortfall === null,
    };
  }
}

/** Scores to products found, in no particular order yet. */
function ranked(scores: Scores): Found[] {
  const found: Found[] = [];
  for (const [doc, scored] of scores) found.push({ doc, score: rankScore(scored) });
  return found;
}

function uniqueSizes(sizes: Size[]): Size[] {
  const unique: Size[] = [];
  for (const size of sizes) if (!unique.some((known) => sameSize(known, size))) unique.push(size);
  return unique.sort((a, b) => a.amount - b.amount);
}
