import type { Logger } from '@shop/service-kit';
import type { CatalogClient } from '../clients/catalog';
import { ProductIndex } from './product-index';

/**
 * The product index, built from the catalog's product list (its searches asked of the catalog) and rebuilt when the catalogue's
 * revision moves (a staff change), or after `ttlMs` at the latest. While a new one is fetched the
 * old one still answers (only the very first message waits). The index only decides which products
 * a reply names: every price, limit and availability shown comes from the catalog's lookup.
 */
export class CatalogueCache {
  private index: ProductIndex | null = null;
  private fetchedAt = 0;
  private pending: Promise<ProductIndex> | null = null;
  /** The catalogue changed since the index was built: the next message waits for a new one. */
  private changed = false;

  constructor(
    private readonly client: CatalogClient,
    private readonly ttlMs: number,
    private readonly logger: Logger,
  ) {
    client.onChange(() => {
      this.changed = true;
    });
  }

  async get(): Promise<ProductIndex> {
    await this.client.ensureCurrent();
    if (this.index && this.changed) {
      try {
        return await this.refresh();
      } catch (error) {
        this.logger.warn({ err: error }, 'chat: product list refresh failed; keeping the last one');
        return this.index;
      }
    }
    if (this.index) {
      if (Date.now() - this.fetchedAt > this.ttlMs && !this.pending) {
        this.refresh().catch((error: unknown) =>
          this.logger.warn({ err: error }, 'chat: product list refresh failed; keeping the last one'),
        );
      }
      return this.index;
    }
    return this.refresh();
  }

  private refresh(): Promise<ProductIndex> {
    this.changed = false;
    this.pending ??= this.client
      .products()
      .then((products) => {
        this.index = new ProductIndex(products, (text) => this.client.search(text));
        this.fetchedAt = Date.now();
        return this.index;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }
}
