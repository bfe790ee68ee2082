import type { BilingualText, Product, SearchAnswer } from '@shop/api-types';
import { nameKey, stem, words } from './text';

/**
 * The catalogue as the assistant knows it: the product list (for exact names, offers and names of
 * cart lines) and the answers of the catalog service's search, the shop's one search engine (the
 * search page and the header ask it too). The assistant keeps no search index of its own, so it
 * finds what the shop's search box finds, in the same order.
 */
export interface IndexedProduct {
  id: number;
  name: string;
  /** Words of the name, in order (for how completely a query covers a name). */
  nameWords: string[];
  offerPercent: number;
}

export interface Match {
  product: IndexedProduct;
  /** Share of the product's name words the query names. */
  nameShare: number;
}

export interface SearchResult {
  /** Best first, as the catalog ranked them. */
  matches: Match[];
  /** True when the matches are the nearest ones: a word unknown or a size, pack or price limit not met. */
  partial: boolean;
  /** What the catalog says about a limit not met ('No basmati in 2 kg; here it is in 1 kg.'). */
  notice: BilingualText | null;
}

/** Asks the catalog service's search (GET /api/site/search?q=). */
export type CatalogSearch = (text: string) => Promise<SearchAnswer>;

/** Answers remembered per catalogue revision (a new index starts empty); enough for a busy day's distinct queries. */
const REMEMBERED_ANSWERS = 2000;

const EMPTY: SearchResult = { matches: [], partial: false, notice: null };

export class ProductIndex {
  readonly products: IndexedProduct[];
  private readonly byName = new Map<string, IndexedProduct>();
  private readonly byIdMap = new Map<number, IndexedProduct>();
  private readonly answers = new Map<string, SearchResult>();

  constructor(
    catalogue: Product[],
    private readonly ask: CatalogSearch,
  ) {
    this.products = catalogue.map((product) => ({
      id: product.id,
      name: product.name,
      nameWords: words(product.name).map(stem),
      offerPercent: product.offer?.discount?.percent ?? 0,
    }));
    for (const product of this.products) {
      this.byName.set(nameKey(product.name), product);
      this.byIdMap.set(product.id, product);
    }
  }

  get size(): number {
    return this.products.length;
  }

  byId(id: number): IndexedProduct | undefined {
    return this.byIdMap.get(id);
  }

  /** The product whose name is exactly this (case, spacing and punctuation aside). */
  exact(name: string): IndexedProduct | undefined {
    return this.byName.get(nameKey(name));
  }

  /**
   * Asks the catalog's search for each query not asked yet, so the replies that follow read the
   * answers without waiting (see search). The shopper's own text is what is asked, as the search
   * box would be asked it, so both answer alike; the answer is kept under its query words.
   */
  async prepare(queries: Array<{ words: string[]; text: string }>): Promise<void> {
    const missing = new Map<string, string>();
    for (const { words: query, text } of queries) {
      const key = query.join(' ');
      if (key.length > 0 && !this.answers.has(key) && !missing.has(key)) missing.set(key, text);
    }
    await Promise.all(
      [...missing].map(async ([key, text]) => {
        const answer = await this.ask(text);
        if (this.answers.size >= REMEMBERED_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
        this.answers.set(key, this.toResult(key, answer));
      }),
    );
  }

  private toResult(text: string, answer: SearchAnswer): SearchResult {
    const named = new Set(text.split(' '));
    const matches = answer.products
      .map((product) => this.byIdMap.get(product.id))
      .filter((product): product is IndexedProduct => product !== undefined)
      .map((product) => ({
        product,
        nameShare: product.nameWords.filter((word) => named.has(word)).length / Math.max(1, product.nameWords.length),
      }));
    return { matches, partial: !answer.complete, notice: answer.notice };
  }

  /** The catalog's answer for the query words, asked before by prepare (nothing when it was not). */
  search(queryWords: string[], options: { limit?: number } = {}): SearchResult {
    const result = this.answers.get(queryWords.join(' ')) ?? EMPTY;
    return options.limit ? { ...result, matches: result.matches.slice(0, options.limit) } : result;
  }
}
