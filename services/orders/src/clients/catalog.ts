import type { CatalogRevisionResponse, LookupProduct, ProductLookupResponse } from '@shop/api-types';
import { createServiceClient, SHOP_SERVICES, type ServiceClient } from '@shop/service-kit';

export interface CatalogClientOptions {
  /**
   * How often, at most, the catalogue's revision is asked before cached prices are used (ms).
   * 0 turns the cache off: every lookup asks the catalogue.
   */
  revisionCheckMs?: number;
}

/**
 * The catalog service's internal lookup: current prices, limits and names of the products in a cart.
 *
 * Asking the catalogue on every order costs a request to another service per order, so answers are
 * kept in memory, keyed on the catalogue's revision (which moves with every staff change, see
 * CatalogRevisionResponse): before cached prices are used, the revision is checked if it was last
 * checked more than `revisionCheckMs` ago, and any change drops the whole cache. A price is so never
 * older than that interval; the checkout also re-prices with `fresh` before it refuses an order, so
 * a shopper who saw a newer price than the cache never gets a wrong refusal.
 */
export class CatalogClient {
  private readonly client: ServiceClient;
  private readonly revisionCheckMs: number;
  /** A product id to the product, or null for an id the catalogue does not sell. */
  private readonly cache = new Map<number, LookupProduct | null>();
  private revision: string | null = null;
  private checkedAt = 0;
  private check: Promise<void> | null = null;

  constructor(baseUrl: string, internalSecret: string, options: CatalogClientOptions = {}) {
    this.client = createServiceClient({ area: SHOP_SERVICES.catalog.area, baseUrl, internalSecret, timeoutMs: 3000 });
    this.revisionCheckMs = options.revisionCheckMs ?? 500;
  }

  /** The buyable products among `ids`, by id; ids missing from the map are gone from the shop. */
  async lookup(ids: number[], options: { fresh?: boolean } = {}): Promise<Map<number, LookupProduct>> {
    const wanted = [...new Set(ids)];
    if (this.revisionCheckMs === 0 || options.fresh) return this.remember(await this.ask(wanted));
    await this.ensureCurrent();
    const missing = wanted.filter((id) => !this.cache.has(id));
    if (missing.length > 0) this.remember(await this.ask(missing), missing);
    const found = new Map<number, LookupProduct>();
    for (const id of wanted) {
      const product = this.cache.get(id);
      if (product) found.set(id, product);
    }
    return found;
  }

  /** Drops the cache when the catalogue changed since the last check; concurrent callers share one check. */
  private async ensureCurrent(): Promise<void> {
    if (Date.now() - this.checkedAt < this.revisionCheckMs) return;
    this.check ??= this.askRevision()
      .then((revision) => {
        if (revision !== this.revision) this.cache.clear();
        this.revision = revision;
        this.checkedAt = Date.now();
      })
      .finally(() => (this.check = null));
    await this.check;
  }

  private remember(products: Map<number, LookupProduct>, asked: number[] = []): Map<number, LookupProduct> {
    if (this.revisionCheckMs === 0) return products;
    for (const id of asked) if (!products.has(id)) this.cache.set(id, null);
    for (const [id, product] of products) this.cache.set(id, product);
    return products;
  }

  private async ask(ids: number[]): Promise<Map<number, LookupProduct>> {
    const answer = await this.client.post<ProductLookupResponse>('/internal/products/lookup', { ids });
    if (answer.status !== 200) throw this.client.unavailable(`lookup answered ${answer.status}`);
    return new Map(answer.body.products.map((product) => [product.id, product]));
  }

  private async askRevision(): Promise<string> {
    const answer = await this.client.get<CatalogRevisionResponse | null>('/internal/catalog/revision');
    if (answer.status !== 200 || typeof answer.body?.revision !== 'string')
      throw this.client.unavailable(`revision answered ${answer.status}`);
    return answer.body.revision;
  }
}
