import { createServiceClient, httpTokenResolver, SHOP_SERVICES } from '@shop/service-kit';

/** The customers service's demo account (see services/customers/README.md), development only. */
const DEMO = { email: 'customer@example.com', password: 'Customer@123' };

/**
 * The demo customer's account, found by signing in with its published development credentials
 * (and signing out again), so some seeded orders show under its /profile/orders. Null when there
 * is no such account (production, or seeding turned off) or the service cannot be reached.
 * `customersUrl` may be a comma list of instances (CUSTOMERS_URL): the service client takes them in
 * turn and passes a refused call to the next, so one instance still starting or stopped is no miss.
 */
export async function findDemoCustomer(
  customersUrl: string,
  internalSecret: string,
): Promise<{ id: number; first_name: string; last_name: string; email: string; phone: string } | null> {
  try {
    const customers = createServiceClient({ area: SHOP_SERVICES.customers.area, baseUrl: customersUrl, timeoutMs: 5000 });
    const login = await customers.post<{ token?: string }>('/api/login', DEMO);
    const token = login.body?.token;
    if (login.status !== 200 || !token) return null;
    const auth = await httpTokenResolver({ baseUrl: customersUrl, internalSecret })(token);
    await customers.post('/api/logout', undefined, { bearer: token });
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
