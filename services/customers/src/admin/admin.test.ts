import type { AdminCustomer, AdminCustomerDetail, AuditEntry, Order, Page, StaffMember } from '@shop/api-types';
import { testDatabases } from '@shop/service-kit/testing';
import { startHarness, type Harness } from '../testing/harness';
import type { CustomerOrdersSource } from './orders-client';

/** An order as the orders service answers GET /internal/customers/{id}/orders (held to its published contract). */
const anOrder = (id: number): Order => {
  const pending = { id: 1, name: 'Pending', color: '#faad14' };
  const place = { id: 47, name: 'Nairobi' };
  return {
    id,
    order_number: `SH-26${String(id).padStart(4, '0')}`,
    date: '2026-01-12T09:30:00.000Z',
    status: pending,
    is_paid: 0,
    subtotal: 230,
    discount: 0,
    points_discount: 0,
    total_amount: 230,
    products_count: 1,
    order_notes: null,
    customer: { first_name: 'Juma', last_name: 'Otieno', email: 'customer@example.com', phone: '0712345678' },
    shipping_address: {
      first_name: 'Juma',
      last_name: 'Otieno',
      street_address: 'Waiyaki Way 14',
      apartment: null,
      town: 'Nairobi',
      county: place,
      sub_county: { id: 274, name: 'Westlands' },
      phone: '0712345678',
      email: 'customer@example.com',
    },
    order_items: [
      {
        id: 1,
        quantity: 1,
        price: 230,
        product: {
          id: 7,
          name: 'Jogoo Maize Meal 2kg',
          price: 230,
          brand: 'Jogoo',
          category: 'Maize Flour',
          unit: '2 kg',
          image: '/media/p.webp',
        },
      },
    ],
    status_history: [{ status: pending, note: null, created_at: '2026-01-12T09:30:00.000Z' }],
  };
};

describe.each(testDatabases('customers-admin'))('back office customers and staff on $dialect', (database) => {
  let harness: Harness;
  let staffToken: string;
  let ordersDown = false;
  const orders: CustomerOrdersSource = {
    counts: async (ids) => {
      if (ordersDown) throw new Error('orders service down');
      return Object.fromEntries(ids.map((id) => [id, id % 3]));
    },
    orders: async (customerId) => {
      if (ordersDown) throw new Error('orders service down');
      return [anOrder(customerId * 10), anOrder(customerId * 10 + 1)];
    },
  };

  beforeAll(async () => {
    harness = await startHarness(database, { seedDemoAccounts: true, orders });
    staffToken = await harness.login('admin@shwarimills.co.ke', 'Admin@12345');
    for (let i = 0; i < 17; i += 1) await harness.register({ first_name: `Shopper${i}`, email: `shopper${i}@example.com` });
  });

  afterAll(() => harness?.close());

  it('refuses customers (403) and anonymous callers (401)', async () => {
    const customer = await harness.customer();
    expect((await harness.request('GET', '/api/admin/customers', { token: customer.token })).status).toBe(403);
    expect((await harness.request('GET', '/api/admin/users')).status).toBe(401);
  });

  it('pages customers 15 at a time with order counts and points, and searches them', async () => {
    const first = (await harness.request('GET', '/api/admin/customers?page=1&per_page=15', { token: staffToken }))
      .body as Page<AdminCustomer>;
    expect(first).toMatchObject({ current_page: 1, per_page: 15 });
    expect(first.data).toHaveLength(15);
    expect(first.total).toBeGreaterThanOrEqual(18);
    expect(first.last_page).toBe(Math.ceil(first.total / 15));
    const row = first.data[0]!;
    expect(row.orders_count).toBe(row.id % 3);
    expect(row.loyalty_points.current_balance).toBe(20);
    const last = (await harness.request('GET', `/api/admin/customers?page=${first.last_page}`, { token: staffToken }))
      .body as Page<AdminCustomer>;
    expect(last.data.length).toBe(first.total - 15 * (first.last_page - 1));
    const beyond = (await harness.request('GET', '/api/admin/customers?page=99', { token: staffToken })).body as Page<AdminCustomer>;
    expect(beyond.data).toEqual([]);
    expect((await harness.request('GET', '/api/admin/customers?page=0', { token: staffToken })).status).toBe(400);
    const search = (await harness.request('GET', '/api/admin/customers?q=shopper1', { token: staffToken })).body as Page<AdminCustomer>;
    expect(search.data.every((customer) => customer.email.startsWith('shopper1'))).toBe(true);
    expect(search.total).toBe(8);
    const demo = (await harness.request('GET', '/api/admin/customers?q=customer@example.com', { token: staffToken }))
      .body as Page<AdminCustomer>;
    expect(demo.data[0]).toMatchObject({ first_name: 'Juma', loyalty_points: { current_balance: 150 } });
    // Staff accounts are not customers.
    expect((await harness.request('GET', '/api/admin/customers?q=shwarimills', { token: staffToken })).body.total).toBe(0);
  });

  it('shows one customer with their orders, and stays up when the orders service is down', async () => {
    const list = (await harness.request('GET', '/api/admin/customers?q=customer@example.com', { token: staffToken }))
      .body as Page<AdminCustomer>;
    const id = list.data[0]!.id;
    const detail = (await harness.request('GET', `/api/admin/customers/view/${id}`, { token: staffToken })).body as AdminCustomerDetail;
    expect(detail).toMatchObject({ id, email: 'customer@example.com', orders_count: 2 });
    expect(detail.orders.map((order) => order.id)).toEqual([id * 10, id * 10 + 1]);
    ordersDown = true;
    const degraded = await harness.request('GET', `/api/admin/customers/view/${id}`, { token: staffToken });
    expect(degraded.status).toBe(200);
    expect(degraded.body.orders).toEqual([]);
    expect((await harness.request('GET', '/api/admin/customers', { token: staffToken })).status).toBe(200);
    ordersDown = false;
    expect((await harness.request('GET', '/api/admin/customers/view/999999', { token: staffToken })).status).toBe(404);
  });

  it('manages staff: add, refuse a weak password or a taken email, deactivate (sessions end), never oneself', async () => {
    const weak = await harness.request('POST', '/api/admin/users', {
      token: staffToken,
      body: { first_name: 'Otieno', last_name: 'Ouma', email: 'ops@shwarimills.co.ke', password: 'short' },
    });
    expect(weak).toMatchObject({ status: 422, body: { errors: { password: ['The password field must be at least 12 characters.'] } } });
    const taken = await harness.request('POST', '/api/admin/users', {
      token: staffToken,
      body: { first_name: 'A', last_name: 'B', email: 'customer@example.com', password: 'a-long-password-1' },
    });
    expect(taken.body.errors.email).toEqual(['The email has already been taken.']);

    const added = await harness.request('POST', '/api/admin/users', {
      token: staffToken,
      body: { first_name: 'Otieno', last_name: 'Ouma', email: 'ops@shwarimills.co.ke', password: 'a-long-password-1' },
    });
    expect(added).toMatchObject({ status: 201, body: { user: { first_name: 'Otieno', email: 'ops@shwarimills.co.ke', active: true } } });
    const opsToken = await harness.login('ops@shwarimills.co.ke', 'a-long-password-1');
    expect((await harness.request('GET', '/api/admin/users', { token: opsToken })).status).toBe(200);

    const staff = (await harness.request('GET', '/api/admin/users', { token: staffToken })).body as StaffMember[];
    expect(staff.map((member) => member.email)).toEqual(['admin@shwarimills.co.ke', 'ops@shwarimills.co.ke']);
    const me = staff[0]!;
    expect(await harness.request('POST', `/api/admin/users/${me.id}/deactivate`, { token: staffToken })).toMatchObject({
      status: 422,
      body: { errors: { id: ['You cannot deactivate your own account.'] } },
    });

    const ops = staff[1]!;
    expect((await harness.request('POST', `/api/admin/users/${ops.id}/deactivate`, { token: staffToken })).status).toBe(200);
    expect((await harness.request('GET', '/api/admin/users', { token: opsToken })).status).toBe(401);
    expect(
      (await harness.request('POST', '/api/login', { body: { email: 'ops@shwarimills.co.ke', password: 'a-long-password-1' } })).status,
    ).toBe(422);
    await harness.request('POST', `/api/admin/users/${ops.id}/activate`, { token: staffToken });
    expect(
      (await harness.request('POST', '/api/login', { body: { email: 'ops@shwarimills.co.ke', password: 'a-long-password-1' } })).status,
    ).toBe(200);
    const customer = (await harness.request('GET', '/api/admin/customers?q=customer@example.com', { token: staffToken })).body
      .data[0] as AdminCustomer;
    expect((await harness.request('POST', `/api/admin/users/${customer.id}/deactivate`, { token: staffToken })).status).toBe(404);
  });

  it('records staff changes in the audit log', async () => {
    const audit = (await harness.request('GET', '/api/admin/audit/customers', { token: staffToken })).body as Page<AuditEntry>;
    expect(audit.data.map((entry) => entry.action)).toEqual(['staff.activated', 'staff.deactivated', 'staff.created']);
    expect(audit.data[2]).toMatchObject({ actor: { name: 'Amina Wanjiru' }, summary: 'Added Otieno Ouma (ops@shwarimills.co.ke)' });
  });
});
