import { MINIMUM_ORDER_KSH } from '../../../packages/api-types/src/constants';
import { fromCents, lineTotal, payableUnitCents, toCents } from '../../../packages/money/src';

/**
 * The journeys the smoke runs against the started stack, through ports published on 127.0.0.1
 * only: the catalogue (a product's API answer and page), a checkout paid on the payment
 * simulator's pages, and the back office (staff login and the orders list).
 */
export interface Endpoints {
  /** The load balancer in front of the gateways, e.g. http://127.0.0.1:18080. */
  shop: string;
  /** Each remote's own origin, by folder. */
  remotes: Record<string, string>;
}

export interface Check {
  name: string;
  run: () => Promise<string>;
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(30_000), ...init });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}, not ${status}: ${answer.text.slice(0, 300)}`);
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

interface ProductLike {
  id: number;
  slug: string;
  name: string;
  price: number;
  offer: { offer_price: number } | null;
  limit: { minimum_quantity: number; maximum_quantity: number };
}

/** What the journeys share: the product shown, the order placed and paid. */
export interface JourneyState {
  product?: ProductLike;
  order?: { id: number; order_number: string; payment_key: string };
}

/** The shop's one rule for a unit's price (as the store kit's cart applies it), in cents. */
const unitCents = (product: ProductLike) =>
  payableUnitCents(toCents(product.price), product.offer ? toCents(product.offer.offer_price) : null);

/** Enough of the product to reach the minimum order, or null when its quantity limit does not allow it. */
export function quantityForMinimum(product: ProductLike): number | null {
  const quantity = Math.max(product.limit.minimum_quantity, Math.ceil(toCents(MINIMUM_ORDER_KSH) / unitCents(product)));
  return quantity <= product.limit.maximum_quantity ? quantity : null;
}

/** A guest's order of one product (Nairobi, Westlands: counties 47 and 274 of the seeded list). */
export function guestOrder(product: ProductLike, quantity: number): Record<string, unknown> {
  const unit = fromCents(unitCents(product));
  const total = fromCents(lineTotal(unitCents(product), quantity));
  return {
    first_name: 'Wanjiku',
    last_name: 'Kamau',
    phone: '0712345678',
    email: 'smoke.shopper@example.com',
    mpesa_no: '254712345678',
    street: '12 Moi Avenue',
    apartment: '',
    county_id: 47,
    subcounty_id: 274,
    town: 'Westlands',
    depot_id: 1,
    order_notes: '',
    coupon: '',
    cart_items: [{ id: product.id, quantity, price: unit, product_total: total }],
    total_amount: total,
  };
}

export async function placeOrder(shop: string, product: ProductLike): Promise<{ id: number; order_number: string; payment_key: string }> {
  const quantity = quantityForMinimum(product);
  if (quantity === null) throw new Error(`${product.name} cannot reach the minimum order within its quantity limit`);
  const placed = await call(`${shop}/api/site/orders/store`, json(guestOrder(product, quantity)));
  expectStatus(placed, 201, 'POST /api/site/orders/store');
  return (JSON.parse(placed.text) as { data: { id: number; order_number: string; payment_key: string } }).data;
}

export async function paymentStatus(shop: string, order: { id: number; payment_key: string }): Promise<Answer> {
  return call(`${shop}/api/site/orders/${order.id}/payment-status`, { headers: { 'X-Payment-Key': order.payment_key } });
}

export function journeyChecks(endpoints: Endpoints, staff: { email: string; password: string }, state: JourneyState): Check[] {
  const { shop } = endpoints;
  return [
    {
      name: 'catalogue: a product through the API',
      run: async () => {
        const list = await call(`${shop}/api/site/products`);
        expectStatus(list, 200, 'GET /api/site/products');
        // A product an order can reach the minimum with, as a shopper's cart would.
        const slugs = [...list.text.matchAll(/"slug":"([^"]+)"/g)].map((match) => match[1]!);
        let slug: string | undefined;
        for (const candidate of slugs) {
          const answer = await call(`${shop}/api/site/products/view/${candidate}`);
          const parsed = JSON.parse(answer.text) as { data?: ProductLike } & Partial<ProductLike>;
          if (
            answer.status === 200 &&
            (parsed.data ?? parsed).limit &&
            quantityForMinimum((parsed.data ?? parsed) as ProductLike) !== null
          ) {
            slug = candidate;
            break;
          }
        }
        if (!slug) throw new Error('GET /api/site/products named no product an order can be placed with');
        const view = await call(`${shop}/api/site/products/view/${slug}`);
        expectStatus(view, 200, `GET /api/site/products/view/${slug}`);
        const body = JSON.parse(view.text) as { data?: ProductLike } & Partial<ProductLike>;
        const product = (body.data ?? body) as ProductLike;
        if (!product.id || product.slug !== slug) throw new Error(`the product answer is not ${slug}: ${view.text.slice(0, 200)}`);
        state.product = product;
        return `${product.name}, KSh ${fromCents(unitCents(product))}`;
      },
    },
    {
      name: "catalogue: the product's page",
      run: async () => {
        if (!state.product) throw new Error('no product from the API check');
        const page = await call(`${shop}/product/${state.product.slug}`);
        expectStatus(page, 200, `GET /product/${state.product.slug}`);
        if (!/text\/html/.test(page.headers.get('content-type') ?? '')) throw new Error(`not HTML: ${page.headers.get('content-type')}`);
        if (!page.text.includes('<div id=')) throw new Error('the page has no root element');
        // The shell is told to load each remote from its own origin.
        const remotes = await call(`${shop}/remotes.json`);
        expectStatus(remotes, 200, 'GET /remotes.json');
        const entries = (JSON.parse(remotes.text) as { remotes: Array<{ name: string; entry: string }> }).remotes;
        for (const origin of Object.values(endpoints.remotes))
          if (!entries.some((entry) => entry.entry.startsWith(`${origin}/`))) throw new Error(`/remotes.json names no remote at ${origin}`);
        return `${page.text.length} bytes of HTML, ${entries.length} remotes in /remotes.json on their own origins`;
      },
    },
    {
      name: 'remotes: every manifest from its own origin, no renderer or source maps',
      run: async () => {
        for (const [folder, origin] of Object.entries(endpoints.remotes)) {
          const manifest = await call(`${origin}/mf-manifest.json`);
          expectStatus(manifest, 200, `${folder} /mf-manifest.json`);
          if (manifest.headers.get('access-control-allow-origin') !== '*') throw new Error(`${folder} sends no CORS header`);
          expectStatus(await call(`${origin}/server/index.js`), 404, `${folder} /server/index.js`);
        }
        expectStatus(await call(`${shop}/server/index.js`), 404, 'the shop /server/index.js');
        expectStatus(await call(`${shop}/server/pages.js`), 404, 'the shop /server/pages.js');
        return `${Object.keys(endpoints.remotes).length} remotes`;
      },
    },
    {
      name: 'checkout: an order placed through the API',
      run: async () => {
        if (!state.product) throw new Error('no product from the API check');
        state.order = await placeOrder(shop, state.product);
        const status = await paymentStatus(shop, state.order);
        expectStatus(status, 200, 'payment-status');
        if (!status.text.includes('"status":"pending"')) throw new Error(`a new order is not pending: ${status.text}`);
        return `${state.order.order_number}, pending`;
      },
    },
    {
      name: "checkout: paid on the simulator's pages, then paid",
      run: async () => {
        const order = state.order;
        if (!order) throw new Error('no order placed');
        const started = await call(`${shop}/api/site/v1/dpo/pay`, json({ order_id: order.id, payment_key: order.payment_key }));
        expectStatus(started, 200, 'POST /api/site/v1/dpo/pay');
        const { token, redirect_url: redirectUrl } = JSON.parse(started.text) as { token: string; redirect_url: string };
        // Through the load balancer on 127.0.0.1, whatever public address the page was announced on.
        const hosted = new URL(redirectUrl, shop);
        const hostedPage = await call(`${shop}${hosted.pathname}${hosted.search}`);
        expectStatus(hostedPage, 200, 'the simulator page');
        if (!hostedPage.text.includes(order.order_number)) throw new Error('the simulator page does not name the order');
        const pressed = await call(`${shop}/api/site/v1/simulator/${token}/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: '',
        });
        expectStatus(pressed, 303, "the simulator's Pay");
        const callback = await call(`${shop}${pressed.headers.get('location')}`);
        const landing = callback.headers.get('location') ?? '';
        if (!/success/.test(landing)) throw new Error(`the callback sent the shopper to ${landing || callback.status}`);
        const status = await paymentStatus(shop, order);
        if (!status.text.includes('"status":"paid"')) throw new Error(`the order is not paid: ${status.text}`);
        return `${order.order_number} paid, shopper sent to ${landing.split('?')[0]}`;
      },
    },
    {
      name: 'back office: staff login and the orders list',
      run: async () => {
        const page = await call(`${shop}/admin/login`);
        expectStatus(page, 200, 'GET /admin/login');
        const login = await call(`${shop}/api/admin/session`, json({ email: staff.email, password: staff.password }));
        expectStatus(login, 200, 'POST /api/admin/session');
        const cookies = login.headers
          .getSetCookie()
          .map((cookie) => cookie.split(';')[0]!)
          .join('; ');
        const orders = await call(`${shop}/api/admin/orders`, { headers: { cookie: cookies } });
        expectStatus(orders, 200, 'GET /api/admin/orders');
        if (!state.order) throw new Error('no order placed to look for');
        if (!orders.text.includes(state.order.order_number)) throw new Error(`${state.order.order_number} is not in the list`);
        return `signed in as ${staff.email}, ${state.order.order_number} in the list`;
      },
    },
  ];
}
