/**
 * The orders figures' baseline: the same MySQL server taking the same rows an order writes (the
 * order, 1-4 lines and its first status), one transaction per order, from as many connections as
 * the orders bench uses, with no HTTP, no services and no checks. Nothing that places orders
 * through the shop can go faster on this machine; the ratio says how much of that ceiling the
 * shop reaches.
 */
import { prepareOrdersDatabase } from '../../services/orders/src/db/setup';
import { sibling } from '../../services/orders/src/testing/harness';
import { connectionsOf, measuredSecondsOf, warmUpSecondsOf } from './window';

export interface RawInsertFigures {
  ordersPerSecond: number;
  p99Ms: number;
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function benchRawInserts(
  options: { seconds?: number; warmUpSeconds?: number; connections?: number } = {},
): Promise<RawInsertFigures> {
  const seconds = options.seconds ?? measuredSecondsOf(process.env);
  const warmUpSeconds = options.warmUpSeconds ?? warmUpSecondsOf(process.env);
  const connections = options.connections ?? connectionsOf(process.env);
  process.env.MYSQL_URL ??= 'mysql://root@127.0.0.1:3306/test';
  const database = await sibling('orders', 'mysql').create();
  const { db } = database;
  try {
    // The orders service's own schema (same tables, indexes and constraints).
    await prepareOrdersDatabase(db);
    let sequence = 0;
    const latencies: number[] = [];
    const placeOne = async (): Promise<void> => {
      const number = ++sequence;
      const now = new Date();
      const lines = 1 + (number % 4);
      const started = process.hrtime.bigint();
      await db.transaction(async (trx) => {
        const [orderId] = await trx('orders').insert({
          order_number: `RAW-${number}`,
          customer_id: null,
          first_name: 'Wanjiku',
          last_name: 'Kamau',
          email: `shopper${number}@example.com`,
          phone: '0712345678',
          mpesa_no: '254712345678',
          street: '12 Moi Avenue',
          apartment: 'Flat 4B',
          town: 'Westlands',
          county_id: 47,
          county_name: 'Nairobi',
          sub_county_id: 274,
          sub_county_name: 'Westlands',
          depot_id: 1,
          subtotal_cents: 250_000,
          total_cents: 250_000,
          status_id: 1,
          payment_method: 'hosted',
          order_notes: '',
          created_at: now,
          updated_at: now,
        });
        await trx('order_items').insert(
          Array.from({ length: lines }, (_, i) => ({
            order_id: orderId,
            product_id: i + 1,
            product_name: 'Mlima Gold Sifted Maize Meal 2kg',
            brand_name: 'Mlima Gold',
            category_id: 1,
            category_name: 'Maize Meal',
            unit: '2kg',
            image: '/media/products/mlima-gold-sifted-maize-meal-2kg.svg',
            unit_price_cents: 20_000,
            quantity: 2,
            line_total_cents: 40_000,
          })),
        );
        await trx('order_status_history').insert({ order_id: orderId, status_id: 1, note: null, created_at: now });
      });
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    };
    const underLoad = async (forSeconds: number): Promise<number> => {
      const started = Date.now();
      const until = started + forSeconds * 1000;
      await Promise.all(
        Array.from({ length: connections }, async () => {
          while (Date.now() < until) await placeOne();
        }),
      );
      return started;
    };
    // Warm-up: pool connections and the server's caches, then the same load as measured, unmeasured,
    // as long as the shop's orders get (orders.bench.ts).
    for (let i = 0; i < 30; i++) await placeOne();
    await underLoad(warmUpSeconds);
    latencies.length = 0;
    const started = await underLoad(seconds);
    const elapsed = (Date.now() - started) / 1000;
    const sorted = latencies.sort((a, b) => a - b);
    return { ordersPerSecond: Math.round((latencies.length / elapsed) * 10) / 10, p99Ms: Math.round(percentile(sorted, 99) * 10) / 10 };
  } finally {
    await database.drop().catch(() => undefined);
  }
}
