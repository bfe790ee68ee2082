import { httpTokenResolver, requestJson } from '@shop/service-kit';

/** The customers service's demo account (see services/customers/README.md), development only. */
const DEMO = { email: 'customer@example.com', password: 'Customer@123' };

/**
 * The demo customer's account, found by signing in with its published development credentials
 * (and signing out again), so some seeded orders show under its /profile/orders. Null when there
 * is no such account (production, or seeding turned off) or the service cannot be reached.
 */
export async function findDemoCustomer(
  customersUrl: string,
  internalSecret: string,
): Promise<{ id: number; first_name: string; last_name: string; email: string; phone: string } | null> {
  try {
    const login = await requestJson<{ token?: string }>('POST', `${customersUrl}/api/login`, { body: DEMO, timeoutMs: 5000 });
    const token = login.body?.token;
    if (login.status !== 200 || !token) return null;
    const auth = await httpTokenResolver({ baseUrl: customersUrl, internalSecret })(token);
    await requestJson('POST', `${customersUrl}/api/logout`, { headers: { authorization: `Bearer ${token}` }, timeoutMs: 5000 });
    if (!auth || auth.kind !== 'customer') return null;
    return {
      id: auth.accountId,
      first_name: auth.firstName,
      last_name: auth.lastName,
      email: auth.email,
      phone: auth.phone ?? '0700000000',
    };
  } catch {
    return null;
  }
}
