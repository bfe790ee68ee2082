import type { County, CustomerProfile, SubCounty } from '@shop/api-types';
import { createServiceClient, HttpError, SHOP_SERVICES, unauthenticated, type ServiceClient } from '@shop/service-kit';

/** How long the county and sub-county lists are kept in memory (they change once in a generation). */
const PLACES_TTL_MS = 6 * 3600 * 1000;

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

/** What the assistant asks the customers service: the county lists (public, cached) and a signed-in shopper's profile. */
export class CustomersClient {
  private counties: Cached<County[]> | null = null;
  private readonly subCounties = new Map<number, Cached<SubCounty[] | null>>();

  private readonly client: ServiceClient;

  constructor(baseUrl: string) {
    this.client = createServiceClient({ area: SHOP_SERVICES.customers.area, baseUrl, timeoutMs: 3000 });
  }

  async countyList(): Promise<County[]> {
    if (!this.counties || Date.now() - this.counties.at > PLACES_TTL_MS) {
      const value = this.getPublic<County[]>('/api/site/counties').then((list) => list ?? []);
      this.counties = { at: Date.now(), value };
      value.catch(() => (this.counties = null));
    }
    return this.counties.value;
  }

  /** The county's sub-counties; null when there is no such county. */
  async subCountyList(countyId: number): Promise<SubCounty[] | null> {
    const cached = this.subCounties.get(countyId);
    if (cached && Date.now() - cached.at <= PLACES_TTL_MS) return cached.value;
    const value = this.getPublic<SubCounty[]>(`/api/site/counties/subcounty/${countyId}`);
    this.subCounties.set(countyId, { at: Date.now(), value });
    value.catch(() => this.subCounties.delete(countyId));
    return value;
  }

  /** The signed-in customer's profile; a token that is not live answers 401 like every service. */
  async profile(token: string): Promise<CustomerProfile> {
    const answer = await this.client.get<CustomerProfile>('/api/get-profile', { bearer: token });
    if (answer.status === 401) throw unauthenticated();
    if (answer.status === 403) throw new HttpError(403, 'Only customer accounts can place orders through the shopping assistant.');
    if (answer.status !== 200) throw this.client.unavailable(`profile answered ${answer.status}`);
    return answer.body;
  }

  private async getPublic<T>(path: string): Promise<T | null> {
    const answer = await this.client.get<T | null>(path);
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw this.client.unavailable(`${path} answered ${answer.status}`);
    return answer.body;
  }
}
