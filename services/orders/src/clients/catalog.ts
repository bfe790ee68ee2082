import { CatalogLookup, type CatalogLookupOptions } from '@shop/service-kit';

export type CatalogClientOptions = Pick<CatalogLookupOptions, 'revisionCheckMs'>;

/**
 * The catalog service's internal lookup: current prices, limits and names of the products in a cart.
 *
 * Asking the catalogue on every order costs a request to another service per order, so answers are
 * kept in memory, keyed on the catalogue's revision (see CatalogLookup): a price is never older
 * than `revisionCheckMs`, and every due revision check is waited for, so an order is never priced
 * from a catalogue older than that. The checkout also re-prices with `fresh` before it refuses an
 * order, so a shopper who saw a newer price than the cache never gets a wrong refusal.
 */
export class CatalogClient extends CatalogLookup {
  constructor(baseUrl: string, internalSecret: string, options: CatalogClientOptions = {}) {
    super(baseUrl, internalSecret, { revisionCheckMs: options.revisionCheckMs });
  }
}
