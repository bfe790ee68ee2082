import type { ApiErrorBody, County, SubCounty } from '@shop/api-types';
import { createServiceClient, SHOP_SERVICES, type ServiceClient } from '@shop/service-kit';

/** How long county and sub-county names are kept in memory (they change once in a generation). */
const PLACES_TTL_MS = 6 * 3600 * 1000;

export type RedeemOutcome = { taken: true } | { taken: false; message: string };

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

/**
 * What the orders service asks the customers service: county and sub-county names (public routes,
 * cached in memory) and Shwari Points (internal routes, idempotent per order number).
 */
export class CustomersClient {
  private counties: Cached<Map<number, string>> | null = null;
  private readonly subCounties = new Map<number, Cached<Map<number, string> | null>>();
  private readonly client: ServiceClient;

  constructor(baseUrl: string, internalSecret: string) {
    this.client = createServiceClient({ area: SHOP_SERVICES.customers.area, baseUrl, internalSecret, timeoutMs: 3000 });
  }

  /** County id to name. */
  async countyNames(): Promise<Map<number, string>> {
    if (!this.counties || Date.now() - this.counties.at > PLACES_TTL_MS) {
      const value = this.getPublic<County[]>('/api/site/counties').then(
        (list) => new Map((list ?? []).map((county) => [county.id, county.name])),
      );
      this.counties = { at: Date.now(), value };
      value.catch(() => (this.counties = null));
    }
    return this.counties.value;
  }

  /** Sub-county id to name for one county; null when the county does not exist. */
  async subCountyNames(countyId: number): Promise<Map<number, string> | null> {
    const cached = this.subCounties.get(countyId);
    if (!cached || Date.now() - cached.at > PLACES_TTL_MS) {
      const value = this.getPublic<SubCounty[]>(`/api/site/counties/subcounty/${countyId}`).then((list) =>
        list ? new Map(list.map((place) => [place.id, place.name])) : null,
      );
      this.subCounties.set(countyId, { at: Date.now(), value });
      value.catch(() => this.subCounties.delete(countyId));
      return value;
    }
    return cached.value;
  }

  /** Spends points for an order. Refused (not enough points) is an answer; an unreachable service throws. */
  async redeemPoints(request: { accountId: number; points: number; reference: string }): Promise<RedeemOutcome> {
    const answer = await this.postInternal<ApiErrorBody>('/internal/points/redeem', {
      account_id: request.accountId,
      points: request.points,
      reason: 'redeemed',
      reference: request.reference,
    });
    if (answer.status === 200 || answer.status === 201) return { taken: true };
    if (answer.status === 422 || answer.status === 404)
      return { taken: false, message: answer.body?.message ?? 'The points could not be redeemed.' };
    throw this.client.unavailable(`points redeem answered ${answer.status}`);
  }

  /** Gives back what was redeemed for an order: 'refunded' (now or before) or 'nothing' (no redemption). */
  async refundPoints(request: { accountId: number; reference: string }): Promise<'refunded' | 'nothing'> {
    const answer = await this.postInternal('/internal/points/refund', { account_id: request.accountId, reference: request.reference });
    if (answer.status === 200 || answer.status === 201) return 'refunded';
    if (answer.status === 404) return 'nothing';
    throw this.client.unavailable(`points refund answered ${answer.status}`);
  }

  /**
   * Takes back what a paid order credited (its order was cancelled): 'reversed' (now or before,
   * at most the balance) or 'nothing' (nothing was credited for that order number).
   */
  async reverseEarnedPoints(request: { accountId: number; reference: string }): Promise<'reversed' | 'nothing'> {
    const answer = await this.postInternal('/internal/points/reverse-earn', {
      account_id: request.accountId,
      reference: request.reference,
    });
    if (answer.status === 200 || answer.status === 201) return 'reversed';
    if (answer.status === 404) return 'nothing';
    throw this.client.unavailable(`points reverse-earn answered ${answer.status}`);
  }

  /** Credits the points of a paid order, once per order number however often it is asked. */
  async earnPoints(request: { accountId: number; points: number; reference: string }): Promise<void> {
    const answer = await this.postInternal('/internal/points/earn', {
      account_id: request.accountId,
      points: request.points,
      reason: 'order_paid',
      reference: request.reference,
    });
    if (answer.status !== 200 && answer.status !== 201) throw this.client.unavailable(`points earn answered ${answer.status}`);
  }

  private async getPublic<T>(path: string): Promise<T | null> {
    const answer = await this.client.get<T>(path);
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw this.client.unavailable(`${path} answered ${answer.status}`);
    return answer.body;
  }

  private postInternal<T = unknown>(path: string, body: unknown) {
    return this.client.post<T | null>(path, body, { timeoutMs: 5000 });
  }
}
