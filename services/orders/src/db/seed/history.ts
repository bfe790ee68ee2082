import type { Knex } from 'knex';
import { MINIMUM_ORDER_KSH, type LookupProduct } from '@shop/api-types';
import { count, sqlTimestamp, toIso, type Logger } from '@shop/service-kit';
import type { CatalogClient } from '../../clients/catalog';
import type { CustomersClient } from '../../clients/customers';
import { withoutSummaryTriggers } from '../../admin/summaries';
import { unitPriceCents } from '../../checkout/pricing';
import { couponDiscount } from '@shop/money';
import { couponRuleOf, type CouponRow } from '../../coupons/repository';
import { nairobiParts } from '../../orders/nairobi-time';
import { formatOrderNumber, type OrderNumbers } from '../../orders/numbers';
import { STATUS } from '../../orders/statuses';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

export interface HistoryOptions {
  days?: number;
  /** Average orders per day at the start of the period; it grows towards the end. */
  ordersPerDay?: number;
  now?: Date;
  /** Seeded orders of this account show in its /profile/orders (the demo customer). */
  demoCustomer?: { id: number; first_name: string; last_name: string; email: string; phone: string } | null;
}

/**
 * A small deterministic generator (mulberry32), so every fresh database gets the same believable
 * history, and a test's random draws can be replayed from their seed.
 */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST_NAMES = [
  'Wanjiku',
  'Achieng',
  'Kamau',
  'Otieno',
  'Njeri',
  'Mwangi',
  'Akinyi',
  'Kiprop',
  'Chebet',
  'Mutua',
  'Wambui',
  'Omondi',
  'Nyambura',
  'Kipchoge',
  'Atieno',
  'Mumbua',
  'Barasa',
  'Zawadi',
  'Halima',
  'Juma',
  'Amina',
  'Wafula',
  'Nekesa',
  'Kerubo',
  'Moraa',
  'Ochieng',
  'Jeptoo',
  'Kendi',
  'Makena',
  'Baraka',
];
const LAST_NAMES = [
  'Kamau',
  'Otieno',
  'Wanjiru',
  'Mwangi',
  'Odhiambo',
  'Kiprotich',
  'Njoroge',
  'Mutiso',
  'Wekesa',
  'Achieng',
  'Kariuki',
  'Onyango',
  'Chepkoech',
  'Muthoni',
  'Omondi',
  'Nyaga',
  'Rotich',
  'Owino',
  'Kilonzo',
  'Hassan',
  'Ali',
  'Ndegwa',
  'Gitau',
  'Kimani',
  'Ouma',
];
const STREETS = [
  'Moi Avenue',
  'Kenyatta Avenue',
  'Ngong Road',
  'Thika Road',
  'Waiyaki Way',
  'Jogoo Road',
  'Oginga Odinga Street',
  'Kisumu-Kakamega Road',
  'Nyerere Road',
  'Digo Road',
  'Kimathi Street',
  'Uhuru Highway',
  'Mombasa Road',
  'Langata Road',
  'Kiambu Road',
];
/** Counties most orders come from (official codes), with a weight each. */
const COUNTY_WEIGHTS: Array<[number, number]> = [
  [47, 30], // Nairobi
  [22, 12], // Kiambu
  [1, 8], // Mombasa
  [32, 7], // Nakuru
  [42, 6], // Kisumu
  [27, 5], // Uasin Gishu
  [16, 5], // Machakos
  [34, 5], // Kajiado
  [19, 3], // Nyeri
  [12, 3], // Meru
];

interface Place {
  countyId: number;
  countyName: string;
  subCounties: Array<[number, string]>;
}

function pickWeighted<T>(rand: () => number, items: Array<[T, number]>): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = rand() * total;
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll <= 0) return item;
  }
  return items[items.length - 1]![0];
}

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

/** Reads the catalogue and the places; null (with a log line) when either service cannot be reached. */
async function loadReferenceData(
  catalog: CatalogClient,
  customers: CustomersClient,
  logger: Logger,
): Promise<{ products: LookupProduct[]; places: Place[] } | null> {
  try {
    const products = [...(await catalog.lookup(Array.from({ length: 500 }, (_, i) => i + 1))).values()];
    const counties = await customers.countyNames();
    const places: Place[] = [];
    for (const [countyId] of COUNTY_WEIGHTS) {
      const countyName = counties.get(countyId);
      const subCounties = await customers.subCountyNames(countyId);
      if (countyName && subCounties && subCounties.size > 0) places.push({ countyId, countyName, subCounties: [...subCounties.entries()] });
    }
    if (products.length === 0 || places.length === 0) {
      logger.info('order history not seeded: the catalogue or the county list is empty');
      return null;
    }
    return { products, places };
  } catch (error) {
    logger.info(
      { err: error instanceof Error ? error.message : String(error) },
      'order history not seeded: the catalog or customers service is not reachable',
    );
    return null;
  }
}

/**
 * About eight months of believable orders for the dashboards and reports, on an empty orders table
 * only: realistic carts from the real catalogue (snapshots of today's prices), Kenyan names and
 * places, mostly Delivered and Paid, some Cancelled, the last days still moving. One transaction,
 * batch inserts. Points are not credited for seeded orders (the customers ledger is left as seeded).
 */
export async function seedOrderHistory(
  db: Knex,
  deps: { catalog: CatalogClient; customers: CustomersClient; numbers: OrderNumbers; logger: Logger },
  options: HistoryOptions = {},
): Promise<number> {
  const [existing] = await db('orders').count<Array<{ count: number | string }>>({ count: '*' });
  if (count(existing?.count) > 0) return 0;
  const reference = await loadReferenceData(deps.catalog, deps.customers, deps.logger);
  if (!reference) return 0;
  const { products, places } = reference;

  const now = options.now ?? new Date();
  const days = options.days ?? 240;
  const perDay = options.ordersPerDay ?? 10;
  const rand = random(20_260_101);
  const coupons: CouponRow[] = await db('coupons').whereIn('code', ['KARIBU10', 'UNGA200']).select('*');
  const productWeights: Array<[LookupProduct, number]> = products.map((product) => [
    product,
    /flour|unga|maize|wheat/i.test(`${product.name} ${product.category_name}`) ? 3 : 1,
  ]);

  interface Draft {
    created: Date;
    customerId: number | null;
    person: { first_name: string; last_name: string; email: string; phone: string };
    lines: Array<{ product: LookupProduct; quantity: number; unitCents: number }>;
    coupon: CouponRow | null;
    status: number;
    provider: 'dpo' | 'mpesa';
  }
  const drafts: Draft[] = [];
  const start = now.getTime() - days * DAY;
  for (let day = 0; day < days; day++) {
    const dayStart = start + day * DAY;
    const weekday = new Date(dayStart).getUTCDay();
    const growth = 0.7 + 0.6 * (day / days);
    const weekend = weekday === 0 || weekday === 6 ? 1.3 : 1;
    const count = Math.max(1, Math.round(perDay * growth * weekend * (0.7 + rand() * 0.6)));
    for (let n = 0; n < count; n++) {
      // Shopping hours, Nairobi time (06:00-22:00 EAT is 03:00-19:00 UTC).
      const created = new Date(dayStart - (dayStart % DAY) + 3 * HOUR + Math.floor(rand() * 16 * HOUR) + Math.floor(rand() * HOUR));
      if (created.getTime() > now.getTime() - 10 * MINUTE) continue;
      const lines: Draft['lines'] = [];
      const lineCount = 1 + Math.floor(rand() * 4);
      const used = new Set<number>();
      const addLine = () => {
        for (let tries = 0; tries < 10; tries++) {
          const product = pickWeighted(rand, productWeights);
          if (used.has(product.id)) continue;
          used.add(product.id);
          const span = Math.max(0, Math.min(product.max_quantity, product.min_quantity + 3) - product.min_quantity);
          lines.push({ product, quantity: product.min_quantity + Math.floor(rand() * (span + 1)), unitCents: unitPriceCents(product) });
          return true;
        }
        return false;
      };
      for (let i = 0; i < lineCount; i++) addLine();
      // Every order met the minimum: top up quantities, then add products.
      const subtotal = () => lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
      for (let guard = 0; subtotal() < (MINIMUM_ORDER_KSH + 300) * 100 && guard < 40; guard++) {
        const open = lines.find((line) => line.quantity < line.product.max_quantity);
        if (open) open.quantity += 1;
        else if (!addLine()) break;
      }
      const demo = options.demoCustomer && rand() < 0.004 ? options.demoCustomer : null;
      const first = pick(rand, FIRST_NAMES);
      const last = pick(rand, LAST_NAMES);
      const person = demo
        ? { first_name: demo.first_name, last_name: demo.last_name, email: demo.email, phone: demo.phone }
        : {
            first_name: first,
            last_name: last,
            email: `${first}.${last}${Math.floor(rand() * 900 + 100)}@example.com`.toLowerCase(),
            phone: `07${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`,
          };
      const eligible = coupons.filter(
        (coupon) =>
          Date.parse(toIso(coupon.valid_from) ?? '') <= created.getTime() && created.getTime() <= Date.parse(toIso(coupon.valid_to) ?? ''),
      );
      const coupon = eligible.length > 0 && rand() < 0.08 ? pick(rand, eligible) : null;
      const age = now.getTime() - created.getTime();
      const roll = rand();
      let status: number;
      if (age > 10 * DAY) status = roll < 0.86 ? STATUS.delivered : roll < 0.94 ? STATUS.cancelled : STATUS.paid;
      else if (age > 3 * DAY)
        status = roll < 0.5 ? STATUS.delivered : roll < 0.75 ? STATUS.dispatched : roll < 0.9 ? STATUS.processing : STATUS.cancelled;
      else if (age > DAY) status = roll < 0.4 ? STATUS.processing : roll < 0.8 ? STATUS.paid : STATUS.dispatched;
      else status = roll < 0.6 ? STATUS.paid : STATUS.pending;
      drafts.push({ created, customerId: demo ? demo.id : null, person, lines, coupon, status, provider: rand() < 0.55 ? 'mpesa' : 'dpo' });
    }
  }
  drafts.sort((a, b) => a.created.getTime() - b.created.getTime());

  // Order numbers: reserved per year in one block each, handed out in date order.
  const numbers: string[] = [];
  const byYear = new Map<number, number>();
  for (const draft of drafts) byYear.set(nairobiParts(draft.created).year, (byYear.get(nairobiParts(draft.created).year) ?? 0) + 1);
  const nextByYear = new Map<number, number>();
  for (const [year, count] of byYear) nextByYear.set(year, await deps.numbers.reserve(year, count));
  for (const draft of drafts) {
    const year = nairobiParts(draft.created).year;
    const sequence = nextByYear.get(year)!;
    nextByYear.set(year, sequence + 1);
    numbers.push(formatOrderNumber(year, sequence));
  }

  const orders: Array<Record<string, unknown>> = [];
  const items: Array<Record<string, unknown>> = [];
  const history: Array<Record<string, unknown>> = [];
  const payments: Array<Record<string, unknown>> = [];
  const redemptions: Array<Record<string, unknown>> = [];
  const couponUses = new Map<number, number>();
  drafts.forEach((draft, index) => {
    const id = index + 1;
    const orderNumber = numbers[index]!;
    const place = pickWeighted(
      rand,
      places.map((p) => [p, COUNTY_WEIGHTS.find(([countyId]) => countyId === p.countyId)?.[1] ?? 1] as [Place, number]),
    );
    const [subCountyId, subCountyName] = pick(rand, place.subCounties);
    const subtotal = draft.lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
    const discount = draft.coupon ? couponDiscount(subtotal, couponRuleOf(draft.coupon)) : 0;
    const total = subtotal - discount;
    const paid = draft.status !== STATUS.pending && draft.status !== STATUS.cancelled;
    const at = (offsetMs: number) => sqlTimestamp(new Date(Math.min(draft.created.getTime() + offsetMs, now.getTime())));
    const paidAt = at((5 + Math.floor(rand() * 25)) * MINUTE);
    const steps: Array<[number, number, string | null]> = [[STATUS.pending, 0, 'Order placed']];
    if (paid)
      steps.push([
        STATUS.paid,
        Date.parse(`${paidAt.replace(' ', 'T')}Z`) - draft.created.getTime(),
        `Paid by ${draft.provider === 'mpesa' ? 'M-Pesa' : 'DPO'}`,
      ]);
    if ([STATUS.processing, STATUS.dispatched, STATUS.delivered].includes(draft.status as 3 | 4 | 5))
      steps.push([STATUS.processing, (2 + rand() * 6) * HOUR, null]);
    if ([STATUS.dispatched, STATUS.delivered].includes(draft.status as 4 | 5))
      steps.push([STATUS.dispatched, (20 + rand() * 8) * HOUR, 'Handed to the rider']);
    if (draft.status === STATUS.delivered) steps.push([STATUS.delivered, (40 + rand() * 20) * HOUR, 'Delivered']);
    if (draft.status === STATUS.cancelled) steps.push([STATUS.cancelled, 24 * HOUR + 30 * MINUTE, 'Not paid within 24 hours']);
    const lastStep = Math.max(...steps.map(([, offset]) => offset));
    orders.push({
      id,
      order_number: orderNumber,
      customer_id: draft.customerId,
      ...draft.person,
      mpesa_no: draft.provider === 'mpesa' ? `254${draft.person.phone.slice(1)}` : null,
      street: `${Math.floor(rand() * 300) + 1} ${pick(rand, STREETS)}`,
      apartment: rand() < 0.4 ? `Apartment ${Math.floor(rand() * 40) + 1}${pick(rand, ['A', 'B', 'C'])}` : null,
      town: subCountyName,
      county_id: place.countyId,
      county_name: place.countyName,
      sub_county_id: subCountyId,
      sub_county_name: subCountyName,
      depot_id: 1,
      subtotal_cents: subtotal,
      discount_cents: discount,
      points_discount_cents: 0,
      total_cents: total,
      redeemed_points: 0,
      coupon_id: draft.coupon?.id ?? null,
      coupon_code: draft.coupon?.code ?? null,
      status_id: draft.status,
      is_paid: paid,
      paid_at: paid ? paidAt : null,
      payment_method: paid ? draft.provider : draft.provider === 'mpesa' ? 'mpesa' : 'hosted',
      order_notes:
        rand() < 0.1
          ? pick(rand, ['Please call on arrival.', 'Leave with the caretaker.', 'Deliver after 5pm.', 'Gate B, blue door.'])
          : null,
      points_awarded: 0,
      // Seeded history does not credit points: the demo ledger stays as the customers service seeded it.
      points_awarded_at: draft.customerId && paid ? paidAt : null,
      points_refunded_at: null,
      created_at: sqlTimestamp(draft.created),
      updated_at: at(lastStep),
    });
    for (const line of draft.lines) {
      items.push({
        order_id: id,
        product_id: line.product.id,
        product_name: line.product.name,
        brand_id: line.product.brand_id,
        brand_name: line.product.brand_name,
        category_id: line.product.category_id,
        category_name: line.product.category_name,
        unit: line.product.unit,
        image: line.product.image,
        unit_price_cents: line.unitCents,
        quantity: line.quantity,
        line_total_cents: line.unitCents * line.quantity,
      });
    }
    for (const [statusId, offset, note] of steps) history.push({ order_id: id, status_id: statusId, note, created_at: at(offset) });
    if (paid) {
      const shillings = Math.ceil(total / 100);
      payments.push({
        order_id: id,
        provider: draft.provider,
        method: draft.provider === 'mpesa' ? 'mpesa' : 'hosted',
        reference: draft.provider === 'mpesa' ? `ws_CO_SEED${String(id).padStart(8, '0')}` : `SEED-${String(id).padStart(8, '0')}`,
        amount_cents: draft.provider === 'mpesa' ? shillings * 100 : total,
        currency: 'KES',
        state: 'paid',
        provider_ref:
          draft.provider === 'mpesa' ? `S${orderNumber.replace(/\D/g, '')}K${Math.floor(rand() * 1e4)}` : `R${Math.floor(rand() * 1e8)}`,
        phone: draft.provider === 'mpesa' ? `254${draft.person.phone.slice(1)}` : null,
        raw_result: JSON.stringify({ seeded: true }),
        created_at: sqlTimestamp(draft.created),
        updated_at: paidAt,
      });
    }
    if (draft.coupon && draft.status !== STATUS.cancelled) {
      redemptions.push({
        coupon_id: draft.coupon.id,
        order_id: id,
        email: draft.person.email,
        customer_id: draft.customerId,
        phone: draft.person.phone,
        mpesa_phone: draft.provider === 'mpesa' ? draft.person.phone : null,
        discount_cents: discount,
        created_at: sqlTimestamp(draft.created),
      });
      couponUses.set(draft.coupon.id, (couponUses.get(draft.coupon.id) ?? 0) + 1);
    }
  });

  // 400 rows a statement: SQLite writes a multi-row insert as a compound SELECT (at most 500 terms).
  // A bulk load: the report summaries are rebuilt once at the end instead of row by row.
  const CHUNK = 400;
  await withoutSummaryTriggers(db, () =>
    db.transaction(async (trx) => {
      await trx.batchInsert('orders', orders, CHUNK);
      await trx.batchInsert('order_items', items, CHUNK);
      await trx.batchInsert('order_status_history', history, CHUNK);
      await trx.batchInsert('payments', payments, CHUNK);
      if (redemptions.length > 0) await trx.batchInsert('coupon_redemptions', redemptions, CHUNK);
      for (const [couponId, uses] of couponUses) await trx('coupons').where({ id: couponId }).increment('times_used', uses);
    }),
  );
  return orders.length;
}
