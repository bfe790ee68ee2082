import type { Product, SearchAnswer } from '@shop/api-types';
import { CatalogLookup, type CatalogLookupOptions } from '@shop/service-kit';

export type CatalogClientOptions = Pick<CatalogLookupOptions, 'revisionCheckMs'>;

/**
 * What the assistant asks the catalog service: the product list and its search (public routes) and
 * the prices, limits and availability of the products a reply shows or a cart holds (internal
 * lookup).
 *
 * Lookups are remembered the way the orders service remembers them (see CatalogLookup): keyed on
 * the catalogue's revision (GET /internal/catalog/revision, which moves with every staff change),
 * checked about every `revisionCheckMs` while messages come; any change forgets everything, and
 * tells the product index to rebuild. While messages keep coming the check runs beside them (a
 * reply does not wait on it), so prices are at most about `revisionCheckMs` old; after a quiet
 * spell, or before the first revision is known, the message waits for the check. A checkout asks
 * `fresh`.
 */
export class CatalogClient extends CatalogLookup {
  private readonly listeners: Array<() => void> = [];

  constructor(baseUrl: string, internalSecret: string, options: CatalogClientOptions = {}) {
    super(baseUrl, internalSecret, { revisionCheckMs: options.revisionCheckMs, checkBesideLookups: true });
  }

  /** Called whenever the catalogue's revision moves (staff changed a product, brand or category). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Every product a shopper can see, with brand and category names. */
  async products(): Promise<Product[]> {
    const answer = await this.client.get<Product[] | null>('/api/site/products');
    if (answer.status !== 200 || !Array.isArray(answer.body)) throw this.client.unavailable(`products answered ${answer.status}`);
    return answer.body;
  }

  /**
   * The catalog's product search (the shop's one search engine, the one the search page and the
   * header ask): typos, Swahili, sizes, packs and prices, best first.
   */
  async search(text: string): Promise<SearchAnswer> {
    const answer = await this.client.get<SearchAnswer | null>(`/api/site/search?q=${encodeURIComponent(text.slice(0, 100))}`);
    if (answer.status !== 200 || !Array.isArray(answer.body?.products)) throw this.client.unavailable(`search answered ${answer.status}`);
    return answer.body;
  }

  protected override revisionMoved(): void {
    for (const listener of this.listeners) listener();
  }
}
