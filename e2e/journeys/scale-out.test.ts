import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { startScaledShop, type ScaledShop } from '../src/scaled-shop';

/**
 * The shop grown past one process (issue 17), without Docker: two gateways sharing Redis and two
 * instances of every service on one MySQL database, as processes on 127.0.0.1. What a second
 * gateway or instance could get wrong: a limit counted twice, a staff change one gateway never
 * hears of, an order written twice, a request lost when an instance dies.
 */
const mysqlUrl = process.env.MYSQL_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const describeScaled = mysqlUrl ? describe : describe.skip;
if (!mysqlUrl)
  console.warn(
    'scale-out.test.ts: MYSQL_URL is not set, so the multi-instance journey is skipped: two instances of a service need one shared database (CI sets MYSQL_URL, see .ci/run).',
  );

/** Gateways on 17400 and 17410, services on 17420-17423 and 17430-17433: below every other journey's slot. */
const BASE_PORT = 17400;
const LOGIN_LIMIT = 4;
/** The sign-in limit counts per client address in Redis, across runs too: each run is a client of its own. */
const freshAddress = () => `10.${[...randomBytes(3)].join('.')}`;
/** A link preview's agent: the gateway waits for the drawing (up to 3 s) instead of sending a plain page after 250 ms. */
const LINK_PREVIEW_AGENT = 'WhatsApp/2.23.20.0 A';
const STAFF = { email: 'admin@shwarimills.co.ke', password: 'Admin@12345' };

interface PublicProduct {
  id: number;
  slug: string;
  price: number;
  offer: { offer_price: number } | null;
  limit: { minimum_quantity: number; maximum_quantity: number };
}

interface AdminProductDetail {
  name: string;
  brand_id: number;
  category_id: number;
  sku_id: number;
  unit: string;
  price: number;
  short_description: string;
  description: string;
  minimum_quantity: number;
  maximum_quantity: number;
  status: string;
  is_featured: boolean;
}

let shop: ScaledShop;
let gatewayA: string;
let gatewayB: string;
/** Every call but the limit's own comes from this run's own address, so the low sign-in limit never throttles them. */
const runAddress = freshAddress();
let staffToken: string;

async function call(url: string, init: { method?: string; body?: unknown; token?: string; address?: string; agent?: string } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': init.address ?? runAddress };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.agent) headers['user-agent'] = init.agent;
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    // A gateway answers within its own timeouts (504 at worst): one that does not is a failure, not a hang.
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return { status: response.status, text, json: <T>() => JSON.parse(text) as T };
}

/** Redis answers PING on its port: without it the gateways count alone and the first check fails for the wrong reason. */
function pingRedis(url: string): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port || 6379), hostname);
    socket.setTimeout(2000, () => socket.destroy(new Error('no answer within 2 s')));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.end();
      if (data.toString().startsWith('+PONG')) resolve();
      else reject(new Error(`answered ${data.toString().trim()}`));
    });
    socket.once('error', (error) => reject(new Error(`Redis is not reachable at ${url} (.ci/run starts one): ${error.message}`)));
  });
}

/** The requests a service instance has answered on a route, from its own /metrics (on its port, never the gateway's). */
async function answeredOn(instanceUrl: string, route: string): Promise<number> {
  const metrics = await (await fetch(`${instanceUrl}/metrics`, { signal: AbortSignal.timeout(5000) })).text();
  let total = 0;
  for (const line of metrics.split('\n')) {
    if (line.startsWith('http_request_duration_seconds_count{') && line.includes(`route="${route}"`))
      total += Number(line.split(' ').pop());
  }
  return total;
}

describeScaled('two gateways and two instances of every service', () => {
  beforeAll(async () => {
    await pingRedis(redisUrl);
    shop = await startScaledShop({
      basePort: BASE_PORT,
      mysqlUrl: mysqlUrl!,
      redisUrl,
      env: {
        // The gateways believe the test's X-Forwarded-For, so each run signs in from addresses of its own.
        GATEWAY_TRUSTED_PROXIES: '127.0.0.1',
        GATEWAY_RATE_LIMIT_LOGIN: String(LOGIN_LIMIT),
        GATEWAY_RATE_LIMIT_ORDERS: '100000',
      },
    });
    [gatewayA, gatewayB] = [shop.gateways[0].url, shop.gateways[1].url];
    const signIn = await call(`${gatewayA}/api/login`, { method: 'POST', body: STAFF });
    expect(signIn.status).toBe(200);
    staffToken = signIn.json<{ token: string }>().token;
  }, 120_000);

  afterEach(() => {
    if (globalThis.__journeyFailed) console.log(`The processes' last lines:\n${shop?.logs.slice(-60).join('\n')}`);
  });

  afterAll(async () => {
    await shop?.close();
  }, 30_000);

  it('seeded once although both instances of each service started at once on empty tables', async () => {
    const coupons = (await call(`${gatewayA}/api/admin/coupons`, { token: staffToken })).json<Array<{ code: string }>>();
    const codes = coupons.map((coupon) => coupon.code);
    expect(codes).toEqual(expect.arrayContaining(['KARIBU10', 'UNGA200']));
    expect(new Set(codes).size).toBe(codes.length);
    const products = (await call(`${gatewayB}/api/admin/products`, { token: staffToken })).json<Array<{ slug: string }>>();
    expect(products.length).toBeGreaterThan(10);
    expect(new Set(products.map((product) => product.slug)).size).toBe(products.length);
  });

  it('counts a sign-in limit once across the gateways', async () => {
    const address = freshAddress();
    const failedSignIn = (gateway: string) =>
      call(`${gateway}/api/login`, { method: 'POST', address, body: { email: 'nobody@example.com', password: 'wrong-password' } });
    const allowed = [];
    for (let attempt = 0; attempt < LOGIN_LIMIT; attempt += 1) allowed.push((await failedSignIn(attempt % 2 ? gatewayB : gatewayA)).status);
    expect(allowed.every((status) => status !== 429)).toBe(true);
    expect((await failedSignIn(gatewayA)).status).toBe(429);
    expect((await failedSignIn(gatewayB)).status).toBe(429);
    // Another client is not held back by that one's attempts.
    expect((await call(`${gatewayB}/api/login`, { method: 'POST', body: STAFF })).status).toBe(200);
  });

  it('shows a staff price change made through gateway A through gateway B at once, answer and drawn page', async () => {
    const products = (await call(`${gatewayB}/api/site/products`)).json<PublicProduct[]>();
    const product = products.find((candidate) => candidate.offer === null && candidate.price < 800)!;
    const viewOn = (gateway: string) => call(`${gateway}/api/site/products/view/${product.slug}`);
    const pageOn = (gateway: string) => call(`${gateway}/product/${product.slug}`, { agent: LINK_PREVIEW_AGENT });
    const shown = (price: number) => `KSh ${price.toFixed(2)}`;

    // Gateway B keeps the answer and the drawn page: what a stale copy would still show. Its
    // drawing worker loads the renderers after start-up, so the first drawn page may take a moment.
    expect((await viewOn(gatewayB)).json<PublicProduct>().price).toBe(product.price);
    const drawnBy = Date.now() + 15_000;
    while (!(await pageOn(gatewayB)).text.includes(shown(product.price)) && Date.now() < drawnBy) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect((await pageOn(gatewayB)).text).toContain(shown(product.price));

    const detail = (await call(`${gatewayA}/api/admin/products/view/${product.id}`, { token: staffToken })).json<AdminProductDetail>();
    const newPrice = product.price + 11;
    const update = await call(`${gatewayA}/api/admin/products/update/${product.id}`, {
      method: 'POST',
      token: staffToken,
      body: {
        name: detail.name,
        brand_id: String(detail.brand_id),
        category_id: String(detail.category_id),
        sku_id: String(detail.sku_id),
        unit: detail.unit,
        price: String(newPrice),
        offer_price: '',
        short_description: detail.short_description,
        description: detail.description,
        minimum_quantity: String(detail.minimum_quantity),
        maximum_quantity: String(detail.maximum_quantity),
        status: detail.status,
        is_featured: detail.is_featured ? '1' : '0',
      },
    });
    expect(update.status).toBe(200);

    // Straight after A's answer, with no waiting: B read anew.
    const [view, page] = await Promise.all([viewOn(gatewayB), pageOn(gatewayB)]);
    expect(view.json<PublicProduct>().price).toBe(newPrice);
    expect(page.status).toBe(200);
    expect(page.text).toContain(shown(newPrice));
    expect(page.text).toContain(`"price":"${newPrice.toFixed(2)}"`);
    expect(page.text).not.toContain(`"price":"${product.price.toFixed(2)}"`);
  });

  it('lists an order placed through either gateway exactly once', async () => {
    const products = (await call(`${gatewayA}/api/site/products`)).json<PublicProduct[]>();
    // One line above the minimum order (KSh 1930), at the price the shopper pays.
    const product = products.find((candidate) => candidate.offer === null && candidate.price >= 1930 && candidate.price < 5000)!;
    const email = `scale-out-${randomBytes(4).toString('hex')}@example.com`;
    const order = {
      first_name: 'Achieng',
      last_name: 'Otieno',
      phone: '0712345678',
      email,
      mpesa_no: '254712345678',
      street: '12 Moi Avenue',
      apartment: '',
      county_id: 47,
      subcounty_id: 274,
      town: 'Westlands',
      depot_id: 1,
      order_notes: '',
      coupon: '',
      cart_items: [{ id: product.id, quantity: 1, price: product.price, product_total: product.price }],
      total_amount: product.price,
    };
    const placed: string[] = [];
    for (const gateway of [gatewayA, gatewayB]) {
      const answer = await call(`${gateway}/api/site/orders/store`, { method: 'POST', body: order });
      expect(answer.status).toBe(201);
      placed.push(answer.json<{ data: { order_number: string } }>().data.order_number);
    }
    expect(new Set(placed).size).toBe(2);

    for (const gateway of [gatewayA, gatewayB]) {
      const list = (await call(`${gateway}/api/admin/orders?q=${encodeURIComponent(email)}&per_page=50`, { token: staffToken })).json<{
        orders: { total: number; data: Array<{ order_number: string }> };
      }>();
      expect(list.orders.data.map((listed) => listed.order_number).sort()).toEqual([...placed].sort());
      expect(list.orders.total).toBe(2);
    }
  });

  it('loses no request that was not in flight when a catalogue instance is killed, and the other keeps serving', async () => {
    const [first, second] = shop.instances.get('catalog')!;
    const slug = (await call(`${gatewayA}/api/site/products`)).json<PublicProduct[]>()[0]!.slug;
    const route = '/api/site/products/view/:slug';

    interface Outcome {
      startedAt: number;
      endedAt: number;
      ok: boolean;
    }
    const outcomes: Outcome[] = [];
    // Set to three seconds after the kill; the bound only ends a loop whose kill never came.
    let stopAt = Date.now() + 60_000;
    let sequence = 0;
    // Four shoppers in a loop through both gateways; each URL is new, so no gateway answers it from its cache.
    const shopper = async (gateway: string) => {
      while (Date.now() < stopAt) {
        const startedAt = Date.now();
        const ok = await call(`${gateway}/api/site/products/view/${slug}?probe=${(sequence += 1)}`).then(
          (answer) => answer.status === 200 && answer.json<PublicProduct>().slug === slug,
          () => false,
        );
        outcomes.push({ startedAt, endedAt: Date.now(), ok });
      }
    };
    const loop = Promise.all([gatewayA, gatewayB, gatewayA, gatewayB].map(shopper));

    let killedAt = 0;
    let goneAt = 0;
    let servedBySecondBefore = 0;
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // Both instances were serving the loop: the one killed was not idle.
      expect(await answeredOn(first.url, route)).toBeGreaterThan(5);
      servedBySecondBefore = await answeredOn(second.url, route);

      expect({ exitCode: first.child.exitCode, signal: first.child.signalCode }).toEqual({ exitCode: null, signal: null });
      const exited = new Promise((resolve) => first.child.once('exit', resolve));
      killedAt = Date.now();
      first.child.kill('SIGKILL');
      await exited;
      goneAt = Date.now();
      stopAt = goneAt + 3000;
    } finally {
      stopAt = Math.min(stopAt, Date.now() + 3000);
      await loop;
    }

    const inFlightAtKill = outcomes.filter((outcome) => outcome.startedAt <= goneAt && outcome.endedAt >= killedAt).length;
    const failed = outcomes.filter((outcome) => !outcome.ok);
    const startedAfter = outcomes.filter((outcome) => outcome.startedAt > goneAt);
    expect(failed.length).toBeLessThanOrEqual(inFlightAtKill);
    // Requests refused by the dead instance, or cut on a kept-alive connection before any answer, go to the other one.
    expect(startedAfter.filter((outcome) => !outcome.ok)).toEqual([]);
    expect(startedAfter.length).toBeGreaterThan(20);

    // The killed instance is gone; the other answered every request since.
    await expect(fetch(`${first.url}/readyz`)).rejects.toThrow();
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
    expect((await answeredOn(second.url, route)) - servedBySecondBefore).toBeGreaterThanOrEqual(startedAfter.length);
  });
});
