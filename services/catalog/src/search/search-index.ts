import { formatKsh } from '@shop/money';
import type { BilingualText, SearchAnswer } from '@shop/api-types';
import type { CatalogRepository } from '../products/repository';
import { SearchEngine, type EngineAnswer, type SearchShortfall } from './engine';
import { sizeLabel, type Size } from './query';
import type { SearchSynonyms } from './synonyms';

export interface SearchIndexOptions {
  /**
   * How often at most the catalogue's revision is read before a search (ms). Every instance of
   * the service reads it, so a staff change made through any instance is searched within this
   * time everywhere.
   */
  revisionCheckMs?: number;
}

/**
 * The search engine of this instance, rebuilt when the catalogue's revision (the audit log's
 * count and newest id, which every staff change of products, brands, categories or synonyms
 * moves) is not the one it was built at. The revision is read first and the products after, so
 * an index never claims a revision newer than what it holds.
 */
export class SearchIndex {
  private readonly revisionCheckMs: number;
  private built: { revision: string; engine: SearchEngine } | null = null;
  private checkedAt = 0;
  private pending: Promise<SearchEngine> | null = null;

  constructor(
    private readonly repository: CatalogRepository,
    private readonly synonyms: SearchSynonyms,
    options: SearchIndexOptions = {},
  ) {
    this.revisionCheckMs = options.revisionCheckMs ?? 1000;
  }

  /** The engine for the current catalogue (waits for a rebuild when the catalogue changed). */
  engine(): Promise<SearchEngine> {
    if (this.built && Date.now() - this.checkedAt < this.revisionCheckMs) return Promise.resolve(this.built.engine);
    this.pending ??= this.refresh().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** A revision read elsewhere in this instance: when it is not the index's, the next search reads it again. */
  noteRevision(revision: string): void {
    if (this.built && this.built.revision !== revision) this.checkedAt = 0;
  }

  /** Called after a change made through this instance: the next search rebuilds at once. */
  forget(): void {
    this.checkedAt = 0;
  }

  private async refresh(): Promise<SearchEngine> {
    const revision = await this.repository.revision();
    this.checkedAt = Date.now();
    if (this.built?.revision === revision) return this.built.engine;
    const [products, synonyms] = await Promise.all([this.repository.products({ sort: 'popular' }), this.synonyms.entries()]);
    const engine = new SearchEngine(products, synonyms);
    this.built = { revision, engine };
    return engine;
  }

  async answer(query: string, options: { limit?: number } = {}): Promise<SearchAnswer & { engine: EngineAnswer }> {
    const engine = await this.engine();
    const answer = engine.search(query, options);
    return {
      query,
      products: answer.hits.map((hit) => hit.product),
      notice: noticeFor(answer),
      complete: answer.complete,
      engine: answer,
    };
  }
}

const joinEnglish = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
const joinSwahili = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} na ${items.at(-1)!}`;

/** '2 kg' in English; 'kilo 2', 'lita 5' as Swahili says sizes. */
const swahiliSize = (size: Size): string => `${size.unit === 'kg' ? 'kilo' : 'lita'} ${size.amount}`;

/** The plain sentence for a limit nothing met, in both languages; null when every limit was met. */
export function noticeFor(answer: EngineAnswer): BilingualText | null {
  const shortfall: SearchShortfall | null = answer.shortfall;
  if (!shortfall) return null;
  const what = answer.understood.productText || null;
  switch (shortfall.kind) {
    case 'size':
      return {
        en: `No ${what ?? 'product'} in ${sizeLabel(shortfall.asked)}; here it is in ${joinEnglish(shortfall.available.map(sizeLabel))}.`,
        sw: `Hakuna ${what ?? 'bidhaa'} ya ${swahiliSize(shortfall.asked)}; hii hapa ya ${joinSwahili(shortfall.available.map(swahiliSize))}.`,
      };
    case 'price':
      return {
        en: `No ${what ?? 'product'} under ${formatKsh(shortfall.maxPrice)}; the cheapest is ${formatKsh(shortfall.cheapest)}, shown first.`,
        sw: `Hakuna ${what ?? 'bidhaa'} chini ya ${formatKsh(shortfall.maxPrice)}; ya bei nafuu zaidi ni ${formatKsh(shortfall.cheapest)}, iko kwanza.`,
      };
    case 'pack':
      return {
        en: `No ${what ?? 'product'} by the ${shortfall.packWord}; here it is in the packs we have.`,
        sw: `Hakuna ${what ?? 'bidhaa'} kwa ${shortfall.packWord}; hii hapa kwa vifurushi tulivyo navyo.`,
      };
  }
}
