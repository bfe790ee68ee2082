import type { CatalogRevisionResponse, LookupProduct, ProductLookupResponse } from '@shop/api-types';
import { SHOP_SERVICES } from '../env';
import { createServiceClient, type ServiceClient } from './service-client';

export interface CatalogLookupOptions {
  /**
   * How often, at most, the catalogue's revision is asked before remembered prices are used (ms).
   * 0 turns the memory off: every lookup asks the catalogue.
   */
  revisionCheckMs?: number;
  /**
   * Whether a lookup may go on while the revision check it made due runs beside it, as long as
   * lookups keep coming (the revision is known and was checked less than four intervals ago): the
   * answer then waits on nothing but what is missing, and prices are at most about
   * `revisionCheckMs` old. After a quiet spell, or before the first revision is known, the lookup
   * waits for the check all the same. Off: every due check is waited for.
   */
  checkBesideLookups?: boolean;
}

/** How many check intervals without a lookup make a quiet spell, after which a lookup waits for the check. */
const QUIET_SPELL_INTERVALS = 4;

/**
 * The catalog service's internal lookup: current prices, limits and names of products (a cart's,
 * a reply's), for the services that sell or show them.
 *
 * Asking the catalogue on every order or message costs a request to another service each time, so
 * answers are kept in memory, keyed on the catalogue's revision (which moves with every staff
 * change, see CatalogRevisionResponse): before remembered prices are used, the revision is checked
 * if it was last checked more than `revisionCheckMs` ago, and any change drops everything. A price
 * is so never older than that interval; a checkout also asks `fresh` before it refuses an order, so
 * a shopper who saw a newer price than the memory never gets a wrong refusal.
 *
 * A service that must know when the catalogue changed (to rebuild what it built from it) overrides
 * revisionMoved().
 */
export class CatalogLookup {
  protected readonly client: ServiceClient;
  private readonly revisionCheckMs: number;
  private readonly checkBesideLookups: boolean;
  /** A product id to the product, or null for an id the catalogue does not sell. */
  private readonly remembered = new Map<number, LookupProduct | null>();
  private revision: string | null = null;
  private checkedAt = 0;
  private check: Promise<void> | null = null;

  constructor(baseUrl: string, internalSecret: string, options: CatalogLookupOptions = {}) {
    this.client = createServiceClient({ area: SHOP_SERVICES.catalog.area, baseUrl, internalSecret, timeoutMs: 3000 });
    this.revisionCheckMs = options.revisionCheckMs ?? 500;
    this.checkBesideLookups = options.checkBesideLookups ?? false;
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
   * one check (see checkBesideLookups for when a caller does not wait for it).
   */
  async ensureCurrent(): Promise<void> {
    if (this.revisionCheckMs === 0) return;
    const age = Date.now() - this.checkedAt;
    if (age < this.revisionCheckMs) return;
    const check = this.startCheck();
    if (this.checkBesideLookups && this.revision !== null && age < this.revisionCheckMs * QUIET_SPELL_INTERVALS) {
      // The caller goes on without it; a failed check is simply tried again by the next lookup.
      check.catch(() => undefined);
      return;
    }
    await check;
  }

  /**
   * Called when the catalogue's revision moved from one known revision to another (staff changed a
   * product, brand, category or synonym), after the remembered products were dropped; not for the
   * first revision learnt, which changes nothing anyone built.
   */
  protected revisionMoved(): void {}

  private startCheck(): Promise<void> {
    return (this.check ??= this.askRevision()
      .then((revision) => {
        if (revision !== this.revision) {
          const first = this.revision === null;
          this.remembered.clear();
          this.revision = revision;
          if (!first) this.revisionMoved();
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
