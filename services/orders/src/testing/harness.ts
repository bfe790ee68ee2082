/**
 * The orders service under test with the REAL catalog and customers services beside it: each app
 * is started in-process from its sibling workspace (createCatalogApp, the customers test harness),
 * each on its own fresh test database of the same dialect, each listening on a free port, and
 * talked to over real HTTP. Only the payment providers are fakes (see fake-dpo.ts, fake-daraja.ts).
 */
import type { Knex } from 'knex';
import type { LookupProduct } from '@shop/api-types';
import { createLogger, httpTokenResolver, listen, type AuthContext, type RunningServer } from '@shop/service-kit';
import {
  testDatabases,
  testRequester,
  type TestAnswer as Answer,
  type TestDatabase,
  type TestRequestOptions as RequestOptions,
} from '@shop/service-kit/testing';
import { createCatalogApp } from '../../../catalog/src/app';
import { audit as catalogAudit } from '../../../catalog/src/audit';
import { prepareCatalogDatabase } from '../../../catalog/src/db/setup';
import { startHarness as startCustomersHarness, type Harness as CustomersHarness } from '../../../customers/src/testing/harness';
import { buildOrdersServices, createOrdersApp, type OrdersServices } from '../app';
import { loadOrdersConfig, type OrdersConfig, type PaymentsConfig } from '../config';
import { unitPriceCents } from '../checkout/pricing';
import { prepareOrdersDatabase } from '../db/setup';

export type { Answer, RequestOptions };

export interface CartLine {
  id: number;
  quantity: number;
}

/** The simulated M-Pesa push settles this long after it was sent (tests wait a little longer). */
export const SIMULATED_PUSH_MS = 600;

/** Nairobi / Westlands: a county and one of its own sub-counties (official codes). */
export const NAIROBI = 47;
export const WESTLANDS = 274;
export const MOMBASA = 1;

const TEST_STAFF: AuthContext = {
  tokenId: null,
  accountId: 1,
  kind: 'staff',
  firstName: 'Test',
  lastName: 'Staff',
  email: 'staff@example.com',
  phone: null,
  expiresAt: '2099-01-01T00:00:00.000Z',
};

export interface OrdersHarness {
  db: Knex;
  url: string;
  config: OrdersConfig;
  services: OrdersServices;
  catalog: { db: Knex; url: string };
  /** Changes the catalogue as staff do: the change and its audit row in one transaction (which moves the catalogue's revision). */
  changeCatalogue(change: (trx: Knex.Transaction) => Promise<unknown>): Promise<void>;
  customers: CustomersHarness;
  /** Every buyable product, by id order. */
  products: LookupProduct[];
  request(method: string, path: string, options?: RequestOptions): Promise<Answer>;
  /** The unit price a shopper sees (offer price when lower), cents. */
  unitCents(productId: number): number;
  /** A cart of `count` distinct products whose subtotal is at least `minimumKsh`. */
  cart(minimumKsh: number, count?: number): CartLine[];
  subtotalCents(cart: CartLine[]): number;
  /** A valid store body for the cart with the client's prices and the given total (KSh). */
  orderBody(cart: CartLine[], totalKsh: number, overrides?: Record<string, unknown>): Record<string, unknown>;
  /** Places the cart with the exact total and answers the 201 body's data. */
  placeOrder(
    cart: CartLine[],
    options?: { token?: string; overrides?: Record<string, unknown>; totalKsh?: number },
  ): Promise<{ id: number; order_number: string; total_amount: number; payment_key: string }>;
  /**
   * The payment key orders/store answered for an order placed through this harness (by its id or
   * its order number), as the shopper's browser keeps it; undefined for any other order.
   */
  keyOf(order: number | string): string | undefined;
  count(table: string, where?: Record<string, unknown>): Promise<number>;
  /** The order's row as stored (throws when there is none). */
  orderRow(id: number): Promise<Record<string, unknown>>;
  /** The order's status history, oldest first. */
  statusHistory(id: number): Promise<Array<{ status_id: number; note: string | null }>>;
  /** Opens the payment simulator's page for the order and presses Pay: its token and the callback the browser is sent to. */
  payOnSimulatorPage(orderId: number): Promise<{ token: string; callback: string }>;
  /** GETs a redirecting address as the browser does: where it sends the browser next. */
  follow(location: string): Promise<string>;
  /** A signed-in customer of the real customers service (20 sign-up points). */
  customer(): ReturnType<CustomersHarness['customer']>;
  pointsBalance(accountId: number): Promise<number>;
  /** A staff token (needs the harness started with seedDemoAccounts). */
  staffToken(): Promise<string>;
  close(): Promise<void>;
}

export function sibling(service: string, dialect: TestDatabase['dialect']): TestDatabase {
  const found = testDatabases(service).find((database) => database.dialect === dialect);
  if (!found) throw new Error(`no ${dialect} test database for ${service}`);
  return found;
}

export async function startOrdersHarness(
  database: TestDatabase,
  options: { payments?: Partial<PaymentsConfig>; config?: Partial<OrdersConfig>; clock?: () => Date; seedDemoAccounts?: boolean } = {},
): Promise<OrdersHarness> {
  const logger = createLogger('orders');
  // The demo accounts include the staff member the back-office tests sign in as (see staffToken).
  const customers = await startCustomersHarness(sibling('customers', database.dialect), {
    seedDemoAccounts: options.seedDemoAccounts ?? false,
  });
  const catalogDb = await sibling('catalog', database.dialect).create();
  await prepareCatalogDatabase(catalogDb.db);
  const catalogServer: RunningServer = await listen(
    createCatalogApp({
      db: catalogDb.db,
      logger: createLogger('catalog'),
      internalSecret: customers.config.internalSecret,
      // Tokens are checked by this harness's customers service, not whatever listens on the default port.
      resolveToken: httpTokenResolver({ baseUrl: customers.url, internalSecret: customers.config.internalSecret }),
    }),
    0,
  );

  const { db, drop } = await database.create();
  const base = loadOrdersConfig({ NODE_ENV: 'test' });
  const config: OrdersConfig = {
    ...base,
    internalSecret: customers.config.internalSecret,
    catalogUrl: catalogServer.url,
    customersUrl: customers.url,
    publicUrl: 'https://shop.example.test',
    seedHistory: false,
    // Prices cached for a millisecond at most: tests see a catalogue change at once, through the cache.
    catalogRevisionCheckMs: 1,
    ...options.config,
    payments: { ...base.payments, simulatorPushDelayMs: SIMULATED_PUSH_MS, ...options.payments },
  };
  await prepareOrdersDatabase(db);
  const services = buildOrdersServices({ db, logger, config, clock: options.clock });
  const server = await listen(createOrdersApp(services), 0);

  const products = [...(await services.catalog.lookup(Array.from({ length: 200 }, (_, i) => i + 1))).values()].sort((a, b) => a.id - b.id);
  const byId = new Map(products.map((product) => [product.id, product]));

  const requestOnce = testRequester(server.url);
  // Every payment key orders/store answers, so tests pay their orders as the shopper's browser does.
  const paymentKeys = new Map<number | string, string>();
  const request: typeof requestOnce = async (method, path, options) => {
    const answer = await requestOnce(method, path, options);
    const data = (answer.body as { data?: { id?: unknown; order_number?: unknown; payment_key?: unknown } } | null)?.data;
    if (path === '/api/site/orders/store' && answer.status === 201 && typeof data?.payment_key === 'string') {
      paymentKeys.set(Number(data.id), data.payment_key);
      paymentKeys.set(String(data.order_number), data.payment_key);
    }
    return answer;
  };

  const unitCents = (productId: number): number => {
    const product = byId.get(productId);
    return product ? unitPriceCents(product) : 100;
  };
  const subtotalCents = (cart: CartLine[]): number => cart.reduce((sum, line) => sum + unitCents(line.id) * line.quantity, 0);

  const harness: OrdersHarness = {
    db,
    url: server.url,
    config,
    services,
    catalog: { db: catalogDb.db, url: catalogServer.url },
    async changeCatalogue(change) {
      await catalogDb.db.transaction(async (trx) => {
        await change(trx);
        await catalogAudit.record(trx, TEST_STAFF, {
          action: 'product.updated',
          entity: 'product',
          entityId: null,
          summary: 'Changed by a test',
        });
      });
      // The revision is checked at most once a millisecond.
      await new Promise((resolve) => setTimeout(resolve, 2));
    },
    customers,
    products,
    request,
    unitCents,
    subtotalCents,
    cart(minimumKsh, count = 3) {
      // Everyday products (KSh 100-400, up to 5 or more a cart) so any amount up to a few thousand is reachable in small steps.
      const chosen = products
        .filter((product) => product.max_quantity >= 5 && unitCents(product.id) >= 10_000 && unitCents(product.id) <= 40_000)
        .slice(0, count);
      const cart: CartLine[] = chosen.map((product) => ({ id: product.id, quantity: product.min_quantity }));
      for (let i = 0; subtotalCents(cart) < minimumKsh * 100; i = (i + 1) % cart.length) {
        const line = cart[i]!;
        if (line.quantity >= byId.get(line.id)!.max_quantity) {
          if (cart.every((l) => l.quantity >= byId.get(l.id)!.max_quantity)) throw new Error('cart cannot reach the amount');
          continue;
        }
        line.quantity += 1;
      }
      return cart;
    },
    orderBody(cart, totalKsh, overrides = {}) {
      return {
        first_name: 'Wanjiku',
        last_name: 'Kamau',
        phone: '0712345678',
        email: 'wanjiku.kamau@example.com',
        mpesa_no: '254712345678',
        street: '12 Moi Avenue',
        apartment: 'Flat 4B',
        county_id: NAIROBI,
        subcounty_id: WESTLANDS,
        town: 'Westlands',
        depot_id: 1,
        order_notes: 'Please call on arrival.',
        coupon: '',
        cart_items: cart.map((line) => ({
          id: line.id,
          quantity: line.quantity,
          price: unitCents(line.id) / 100,
          product_total: (unitCents(line.id) * line.quantity) / 100,
        })),
        total_amount: totalKsh,
        ...overrides,
      };
    },
    async placeOrder(cart, { token, overrides, totalKsh } = {}) {
      const answer = await request('POST', '/api/site/orders/store', {
        token,
        body: harness.orderBody(cart, totalKsh ?? subtotalCents(cart) / 100, overrides),
      });
      if (answer.status !== 201) throw new Error(`orders/store answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer.body.data;
    },
    keyOf: (order) => paymentKeys.get(order),
    async count(table, where = {}) {
      const [row] = await db(table).where(where).count<Array<{ count: number | string }>>({ count: '*' });
      return Number(row?.count ?? 0);
    },
    async orderRow(id) {
      const row = (await db('orders').where({ id }).first()) as Record<string, unknown> | undefined;
      if (!row) throw new Error(`no order ${id}`);
      return row;
    },
    statusHistory: (id) => db('order_status_history').where({ order_id: id }).orderBy('id').select('status_id', 'note'),
    async payOnSimulatorPage(orderId) {
      const paying = await request('POST', '/api/site/v1/dpo/pay', { body: { order_id: orderId, payment_key: harness.keyOf(orderId) } });
      if (paying.status !== 200) throw new Error(`dpo/pay answered ${paying.status}: ${JSON.stringify(paying.body)}`);
      const { token } = paying.body as { token: string };
      const pressed = await request('POST', `/api/site/v1/simulator/${token}/pay`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        raw: '',
      });
      if (pressed.status !== 303) throw new Error(`the simulator's Pay answered ${pressed.status}`);
      return { token, callback: pressed.headers.get('location')! };
    },
    follow: async (location) => (await request('GET', location)).headers.get('location')!,
    customer: () => customers.customer(),
    async pointsBalance(accountId) {
      const [row] = await customers
        .db('points_ledger')
        .where({ account_id: accountId })
        .sum<Array<{ total: number | string | null }>>({ total: 'delta' });
      return Number(row?.total ?? 0);
    },
    staffToken: () => customers.login('admin@shwarimills.co.ke', 'Admin@12345'),
    async close() {
      await server.close();
      await services.close();
      await drop();
      await catalogServer.close();
      await catalogDb.drop();
      await customers.close();
    },
  };
  return harness;
}
