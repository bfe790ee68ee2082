/**
 * The shopper traffic the Swarm smoke keeps running while it releases areas: people browsing (the
 * home and product pages, the catalogue API, the mf-catalog remote's manifest and chunks from its
 * own origin) and buying (an order placed and paid on the payment simulator's pages), all through
 * the balancer on 127.0.0.1. Bounded: a few shoppers with pauses, and orders at a pace within the
 * gateway's per-address limits (every request comes from one address here).
 */
import { paymentStatus, placeOrder, type Endpoints } from './checks';

export interface TrafficProduct {
  id: number;
  slug: string;
  name: string;
  price: number;
  offer: { offer_price: number } | null;
  limit: { minimum_quantity: number; maximum_quantity: number };
}

export interface PlacedOrder {
  id: number;
  order_number: string;
  payment_key: string;
  /** True once the simulator's callback sent the shopper to the success page. */
  paid: boolean;
}

export interface TrafficReport {
  sent: number;
  failed: number;
  /** The first few failures, for the log: what was asked and what came back. */
  failures: string[];
  orders: PlacedOrder[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ShopperTraffic {
  private running = false;
  private loops: Array<Promise<void>> = [];
  readonly report: TrafficReport = { sent: 0, failed: 0, failures: [], orders: [] };

  constructor(
    private readonly endpoints: Endpoints,
    private readonly product: TrafficProduct,
    private readonly options: { browsers: number; browsePauseMs: number; orderEveryMs: number },
  ) {}

  /** One request, counted: a failure is any network error or an answer other than the expected status. */
  private async request(what: string, url: string, expected: number | 'redirect', init: RequestInit = {}): Promise<Response | null> {
    this.report.sent += 1;
    try {
      const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(30_000), ...init });
      if (expected === 'redirect' ? response.status >= 300 && response.status < 400 : response.status === expected) return response;
      const text = await response.text().catch(() => '');
      this.fail(`${what} answered ${response.status}: ${text.slice(0, 160)}`);
    } catch (error) {
      this.fail(`${what}: ${(error as Error).message}`);
    }
    return null;
  }

  private fail(detail: string): void {
    this.report.failed += 1;
    if (this.report.failures.length < 20) this.report.failures.push(`${new Date().toISOString().slice(11, 19)} ${detail}`);
  }

  private async browse(): Promise<void> {
    const { shop, remotes } = this.endpoints;
    const catalogOrigin = remotes['mf-catalog']!;
    while (this.running) {
      await (await this.request('GET /', `${shop}/`, 200))?.text();
      await (await this.request('GET /product/…', `${shop}/product/${this.product.slug}`, 200))?.text();
      await (await this.request('GET /api/site/products', `${shop}/api/site/products`, 200))?.text();
      await (await this.request('GET /api/site/products/view/…', `${shop}/api/site/products/view/${this.product.slug}`, 200))?.text();
      const manifest = await this.request('mf-catalog manifest', `${catalogOrigin}/mf-manifest.json`, 200);
      if (manifest) {
        // Every script the manifest names, as the shell would load one of them.
        const scripts = [...(await manifest.text()).matchAll(/"([\w./-]+\.js)"/g)].map((match) => match[1]!);
        const script = scripts[Math.floor(Math.random() * scripts.length)];
        if (script) await (await this.request('mf-catalog chunk', `${catalogOrigin}/${script.replace(/^\//, '')}`, 200))?.arrayBuffer();
      }
      await sleep(this.options.browsePauseMs);
    }
  }

  private async buy(): Promise<void> {
    const { shop } = this.endpoints;
    while (this.running) {
      const started = Date.now();
      this.report.sent += 1;
      let order: PlacedOrder | null = null;
      try {
        order = { ...(await placeOrder(shop, this.product)), paid: false };
        this.report.orders.push(order);
      } catch (error) {
        this.fail(`placing an order: ${(error as Error).message.slice(0, 200)}`);
      }
      if (order) await this.pay(order);
      await sleep(Math.max(0, this.options.orderEveryMs - (Date.now() - started)));
    }
  }

  /** The shopper's payment on the simulator: the pay request, the hosted page, Pay, and the callback. */
  private async pay(order: PlacedOrder): Promise<void> {
    const { shop } = this.endpoints;
    const started = await this.request('POST /api/site/v1/dpo/pay', `${shop}/api/site/v1/dpo/pay`, 200, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: order.id, payment_key: order.payment_key }),
    });
    if (!started) return;
    const { token, redirect_url: redirectUrl } = (await started.json()) as { token: string; redirect_url: string };
    const hosted = new URL(redirectUrl, shop);
    await (await this.request('the simulator page', `${shop}${hosted.pathname}${hosted.search}`, 200))?.text();
    const pressed = await this.request("the simulator's Pay", `${shop}/api/site/v1/simulator/${token}/pay`, 303, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    if (!pressed) return;
    const callback = await this.request('the payment callback', `${shop}${pressed.headers.get('location')}`, 'redirect');
    const landing = callback?.headers.get('location') ?? '';
    if (callback && /success/.test(landing)) order.paid = true;
    else if (callback) this.fail(`the payment callback sent the shopper to ${landing}`);
  }

  start(): void {
    this.running = true;
    this.loops = [...Array.from({ length: this.options.browsers }, () => this.browse()), this.buy()];
  }

  /** Stops the shoppers after what they are doing now. */
  async stop(): Promise<TrafficReport> {
    this.running = false;
    await Promise.all(this.loops);
    return this.report;
  }
}

/**
 * Every order the shoppers were told was placed, asked again: lost when it is gone, or not paid
 * although its shopper was sent to the success page. (One whose payment answer never reached its
 * shopper may be paid or pending: that request is counted as failed, not the order as lost.)
 */
export async function lostOrders(shop: string, orders: PlacedOrder[]): Promise<string[]> {
  const lost: string[] = [];
  for (const order of orders) {
    const answer = await paymentStatus(shop, order);
    const found = answer.status === 200 && /"status":"(paid|pending)"/.test(answer.text);
    if (!found || (order.paid && !answer.text.includes('"status":"paid"')))
      lost.push(`${order.order_number} (${answer.status} ${answer.text.slice(0, 80)})`);
  }
  return lost;
}
