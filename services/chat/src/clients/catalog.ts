import type {
  CatalogRevisionResponse,
  LookupProduct,
  Product,
  ProductLookupResponse,
  SearchSynonymEntry,
  SearchSynonymsResponse,
} from '@shop/api-types';
import { createServiceClient, SHOP_SERVICES, type ServiceClient } from '@shop/service-kit';

export interface CatalogClientOptions {
  /**
   * How often, at most, the catalogue's revision is asked before remembered prices are used (ms).
   * 0 turns the memory off: every lookup asks the catalogue.
   */
  revisionCheckMs?: number;
}

/**
 * What the assistant asks the catalog service: the product list it searches (public route) and
 * the prices, limits and availability of the products a reply shows or a cart holds (internal
 * lookup).
 *
 * Lookups are remembered the way the orders service remembers them: keyed on the catalogue's
 * revision (GET /internal/catalog/revision, which moves with every staff change), checked about
 * every `revisionCheckMs` while messages come; any change forgets everything, and tells the product
 * index to rebuild. A checkout asks `fresh`.
 */
export class CatalogClient {
  private readonly client: ServiceClient;
  private readonly revisionCheckMs: number;
  /** A product id to the product, or null for an id the catalogue does not sell. */
  private readonly remembered = new Map<number, LookupProduct | null>();
  private revision: string | null = null;
  private checkedAt = 0;
  private check: Promise<void> | null = null;
  private readonly listeners: Array<() => void> = [];

  constructor(baseUrl: string, internalSecret: string, options: CatalogClientOptions = {}) {
    this.client = createServiceClient({ area: SHOP_SERVICES.catalog.area, baseUrl, internalSecret, timeoutMs: 3000 });
    this.revisionCheckMs = options.revisionCheckMs ?? 500;
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
   * The catalogue's search synonyms (Swahili words, common misspellings, and the catalogue terms
   * they mean), the same table the site search uses; they move the revision when staff edit them.
   */
  async synonyms(): Promise<SearchSynonymEntry[]> {
    const answer = await this.client.get<SearchSynonymsResponse | null>('/internal/catalog/synonyms');
    if (answer.status !== 200 || !Array.isArray(answer.body?.synonyms)) throw this.client.unavailable(`synonyms answered ${answer.status}`);
    return answer.body.synonyms;
  }

  /** The buyable products among `ids`, by id; ids missing from the map are gone from the shop. */
  async lookup(ids: number[], options: { fresh?: boolean } = {}): Promise<Map<number, LookupProduct>> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map();
    if (this.revisionCheckMs === 0 || options.fresh) return this.remember(await this.ask(wanted), wanted);
    await this.ensureCurrent();
    const missing = wanted.filter((id) => !this.remembered.has(id));
    if (missing.length > 0) this.remember(await this.ask(missing), missing);
    const found = new Map<number, LookupProduct>();
    for (const id of wanted) {
      const product = this.remembered.get(id);
      if (product) found.set(id, product);
    }
    return found;
  }

  /**
   * Forgets everything when the catalogue changed since the last check; concurrent callers share
   * one check. While messages keep coming the check runs beside them (a reply does not wait on
   * it), so prices are at most about `revisionCheckMs` old; after a quiet spell of four intervals,
   * or before the first revision is known, the message waits for the check.
   */
  async ensureCurrent(): Promise<void> {
    if (this.revisionCheckMs === 0) return;
    const age = Date.now() - this.checkedAt;
    if (age < this.revisionCheckMs) return;
    const check = this.startCheck();
    if (this.revision !== null && age < this.revisionCheckMs * 4) {
      check.catch(() => undefined);
      return;
    }
    await check;
  }

  private startCheck(): Promise<void> {
    return (this.check ??= this.askRevision()
      .then((revision) => {
        if (revision !== this.revision) {
          const first = this.revision === null;
          this.remembered.clear();
          this.revision = revision;
          if (!first) for (const listener of this.listeners) listener();
        }
        this.checkedAt = Date.now();
      })
      .finally(() => (this.check = null)));
  }

  private remember(products: Map<number, LookupProduct>, asked: number[]): Map<number, LookupProduct> {
    if (this.revisionCheckMs === 0) return products;
    for (const id of asked) if (!products.has(id)) this.remembered.set(id, null);
    for (const [id, product] of products) this.remembered.set(id, product);
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
