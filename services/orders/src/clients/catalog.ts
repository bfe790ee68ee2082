import type { LookupProduct, ProductLookupResponse } from '@shop/api-types';
import { requestJson, UpstreamUnavailable } from './http';

/** The catalog service's internal lookup: current prices, never cached (prices must be current). */
export class CatalogClient {
  private readonly lookupUrl: string;

  constructor(
    baseUrl: string,
    private readonly internalSecret: string,
  ) {
    this.lookupUrl = `${baseUrl}/internal/products/lookup`;
  }

  /** The buyable products among `ids`, by id; ids missing from the map are gone from the shop. */
  async lookup(ids: number[]): Promise<Map<number, LookupProduct>> {
    const answer = await requestJson<ProductLookupResponse>('POST', this.lookupUrl, {
      body: { ids },
      headers: { 'x-internal-secret': this.internalSecret },
      timeoutMs: 3000,
    });
    if (answer.status !== 200) throw new UpstreamUnavailable('catalog', new Error(`lookup answered ${answer.status}`));
    return new Map(answer.body.products.map((product) => [product.id, product]));
  }
}
