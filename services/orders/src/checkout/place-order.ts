import type { Knex } from 'knex';
import { ACCOUNT_MESSAGES, MINIMUM_ORDER_MESSAGE, type OrderStoreInput, type OrderStoreResponse } from '@shop/api-types';
import { formatCents, fromCents, orderTotals, POINT_VALUE_CENTS, toCents } from '@shop/money';
import { HttpError, sqlTimestamp, unprocessable, UpstreamUnavailable, type AuthContext, type Logger } from '@shop/service-kit';
import type { CatalogClient } from '../clients/catalog';
import type { CustomersClient } from '../clients/customers';
import {
  couponCustomer,
  couponRuleOf,
  invalidCoupon,
  isInvalidCoupon,
  sameTerms,
  type CouponRow,
  type CouponsRepository,
} from '../coupons/repository';
import type { OrderNumbers } from '../orders/numbers';
import { alreadyPaid, newPaymentKey, ownedOrder } from '../orders/payment-key';
import type { OrderRecord, OrdersRepository } from '../orders/repository';
import type { PaymentsService } from '../payments/service';
import { STATUS } from '../orders/statuses';
import type { OneTripWriter } from './one-trip-writer';
import { OrderGroupCommit } from './group-commit';
import { checkClientPrices, priceCart, type PricedLine } from './pricing';

export const CHECKOUT_ERRORS = {
  signInForPoints: 'Sign in to redeem Shwari Points.',
  pointsAboveTotal: 'You cannot redeem more points than the order total.',
  subCountyMismatch: ACCOUNT_MESSAGES.subCountyMismatch,
  unavailable: 'We could not place your order right now. Please try again in a moment.',
} as const;

/** The checkout's identities for the coupon's per-customer limit: email, account, phone and M-Pesa number. */
const checkoutCustomer = (input: OrderStoreInput, auth: AuthContext | null) =>
  couponCustomer({ email: input.email, customerId: auth?.accountId ?? null, phone: input.phone, mpesaNo: input.mpesa_no ?? null });

/** An unpaid order whose redeemed points are still spent (not refunded). */
const holdsPoints = (order: OrderRecord): boolean =>
  order.customer_id !== null && order.redeemed_points > 0 && order.points_refunded_at === null;

export const serviceUnavailable = (message: string = CHECKOUT_ERRORS.unavailable): HttpError => new HttpError(503, message);

interface Priced {
  lines: PricedLine[];
  subtotalCents: number;
  coupon: CouponRow | null;
  discountCents: number;
  pointsDiscountCents: number;
  totalCents: number;
  countyName: string;
  subCountyName: string;
  /** Priced from fresh reads (the catalogue asked, the coupon read now), not from what was kept. */
  fresh: boolean;
}

/**
 * POST /api/site/orders/store. The server is the only authority on prices, the coupon, points and
 * the total: everything is recomputed in integer cents from the catalogue's current prices and
 * compared with what the shopper saw; any difference is a 422 and nothing is written.
 *
 * Order of work, so nothing half-written stays behind:
 * 1. read only: catalogue prices, place names, the coupon; every check and the comparison;
 * 2. an order number (never reused, so a points reference is never shared by two orders);
 * 3. points (signed-in only): a hold row, then the customers service takes them (idempotent per
 *    order number); a refusal is a 422 and nothing else was written;
 * 4. one transaction (see write()): the order it `replaces` cancelled (its coupon use given back),
 *    the order, its items, its first status, the coupon's use (a conditional update, last), the
 *    redemption, and the hold's removal; if it fails the points are given back (and if even that
 *    fails the hold stays for the reconciler to refund), and the replaced order is untouched;
 * 5. the replaced order's points refunded, once its cancellation is committed.
 */
export class CheckoutService {
  /** MySQL: orders without a coupon placed at the same moment share a transaction (see group-commit.ts). */
  private readonly groupCommit: OrderGroupCommit | null;

  constructor(
    private readonly deps: {
      db: Knex;
      catalog: CatalogClient;
      customers: CustomersClient;
      coupons: CouponsRepository;
      numbers: OrderNumbers;
      logger: Logger;
      /** MySQL: orders are written in as few round trips as possible (see one-trip-writer.ts); null on SQLite. */
      writer: OneTripWriter | null;
      /** Cancels the abandoned order a new one `replaces`. */
      payments: PaymentsService;
      orders: OrdersRepository;
    },
  ) {
    this.groupCommit = deps.writer ? new OrderGroupCommit(deps.writer) : null;
  }

  async place(input: OrderStoreInput, auth: AuthContext | null, now = new Date()): Promise<OrderStoreResponse['data']> {
    if (input.redeemed_points > 0 && !auth) throw unprocessable({ redeemed_points: [CHECKOUT_ERRORS.signInForPoints] });
    const replaced = input.replaces ? await this.replacedOrder(input.replaces, auth) : null;
    let priced = await this.priceFromCurrentCatalogue(input, auth, now, replaced);
    const orderNumber = await this.deps.numbers.next(now);
    const points = input.redeemed_points;
    const paymentKey = newPaymentKey();
    // The replaced order's points are back in the balance only once its cancellation is committed:
    // when this order redeems points too, they are taken after that (see takePointsAfterReplacing).
    const pointsAfterCommit = points > 0 && replaced !== null && holdsPoints(replaced);
    if (points > 0 && auth && !pointsAfterCommit) await this.takePoints(auth.accountId, points, orderNumber, now);
    try {
      let id: number;
      try {
        id = await this.write(input, auth, priced, orderNumber, paymentKey.hash, now, replaced);
      } catch (error) {
        // The coupon was read up to a second ago (recentByCode) and the take refused it: it may have
        // changed since. Priced again from a fresh read, the order is refused with what is true now
        // (a new total, or the coupon used up or archived); when only its terms changed and the
        // order still holds, it is written with today's; nothing of the first try was written.
        const kept = priced.coupon;
        if (!(kept && !priced.fresh && isInvalidCoupon(error))) throw error;
        priced = await this.price(input, auth, now, true, replaced);
        if (priced.coupon && sameTerms(priced.coupon, kept)) throw error;
        id = await this.write(input, auth, priced, orderNumber, paymentKey.hash, now, replaced);
      }
      if (replaced) await this.deps.payments.refundRedeemedPoints(replaced.id);
      if (pointsAfterCommit && auth) await this.takePointsAfterReplacing(auth.accountId, points, orderNumber, id);
      return {
        id,
        order_number: orderNumber,
        total_amount: fromCents(priced.totalCents),
        subtotal: fromCents(priced.subtotalCents),
        discount: fromCents(priced.discountCents),
        points_discount: fromCents(priced.pointsDiscountCents),
        payment_key: paymentKey.key,
      };
    } catch (error) {
      if (points > 0 && auth && !pointsAfterCommit) await this.givePointsBack(auth.accountId, orderNumber);
      throw error;
    }
  }

  /**
   * The shopper changed the cart (or coupon, points, details) after placing an order they did not
   * pay. Same owner rules as paying it (404 otherwise); its pending payments are asked one last
   * time, and a paid one is 409. Nothing is written here: the order is cancelled inside the new
   * order's transaction (write()), so a refused new order leaves it as it was. Null when there is
   * nothing left to cancel (cancelled already, or moved on).
   */
  private async replacedOrder(replaces: NonNullable<OrderStoreInput['replaces']>, auth: AuthContext | null): Promise<OrderRecord | null> {
    const order = ownedOrder(await this.deps.orders.byId(replaces.order_id), { auth, paymentKey: replaces.payment_key });
    const settled = await this.deps.payments.settlePayments(order);
    if (settled.state === 'paid') throw alreadyPaid();
    return settled.state === 'open' ? settled.order : null;
  }

  /**
   * The new order redeems points while the order it replaced held some: those came back to the
   * balance only now, after the commit, so this order's points are taken now. A refusal (the
   * points were spent meanwhile) or an unreachable customers service cancels the new order, which
   * was never payable without its points, and answers as a refusal before the commit would have.
   */
  private async takePointsAfterReplacing(accountId: number, points: number, orderNumber: string, orderId: number): Promise<void> {
    const { customers, logger, payments } = this.deps;
    let refusal: HttpError;
    try {
      const outcome = await customers.redeemPoints({ accountId, points, reference: orderNumber });
      if (outcome.taken) return;
      refusal = unprocessable({ redeemed_points: [outcome.message] });
    } catch (error) {
      logger.error({ err: error, orderNumber }, 'checkout: points redemption after a replaced order failed; cancelling the new order');
      refusal = serviceUnavailable();
    }
    await payments.cancelUnpaid({ id: orderId }, 'Shwari Points could not be redeemed');
    throw refusal;
  }

  /**
   * Prices from the catalogue client's cache (at most a moment old, see CatalogClient); before an
   * order is refused, it is priced once more straight from the catalogue, so a refusal is never the
   * cache's doing.
   */
  private async priceFromCurrentCatalogue(
    input: OrderStoreInput,
    auth: AuthContext | null,
    now: Date,
    replaced: OrderRecord | null,
  ): Promise<Priced> {
    try {
      return await this.price(input, auth, now, false, replaced);
    } catch (error) {
      if (error instanceof HttpError && error.status === 422) return this.price(input, auth, now, true, replaced);
      throw error;
    }
  }

  /** Everything the order will say, from today's prices; throws the first 422 found. */
  private async price(
    input: OrderStoreInput,
    auth: AuthContext | null,
    now: Date,
    fresh: boolean,
    replaced: OrderRecord | null,
  ): Promise<Priced> {
    const { catalog, customers, coupons } = this.deps;
    const [products, counties, subCounties, coupon] = await Promise.all([
      catalog.lookup(
        input.cart_items.map((item) => item.id),
        { fresh },
      ),
      customers.countyNames(),
      customers.subCountyNames(input.county_id),
      input.coupon ? (fresh ? coupons.byCode(input.coupon) : coupons.recentByCode(input.coupon)) : Promise.resolve(undefined),
    ]).catch((error: unknown) => {
      if (error instanceof UpstreamUnavailable) {
        this.deps.logger.error({ err: error }, 'checkout: a service is unreachable');
        throw serviceUnavailable();
      }
      throw error;
    });

    const lines = priceCart(input.cart_items, products);

    const countyName = counties.get(input.county_id);
    if (!countyName) throw unprocessable({ county_id: ['The selected county is invalid.'] });
    const subCountyName = subCounties?.get(input.subcounty_id);
    if (!subCountyName) throw unprocessable({ subcounty_id: [CHECKOUT_ERRORS.subCountyMismatch] });

    checkClientPrices(input.cart_items, lines);
    const subtotalCents = lines.reduce((sum, line) => sum + line.lineCents, 0);

    // The same checks as GET /api/site/coupons/check; taking it in the transaction is what settles a race.
    // The replaced order's use of the coupon is given back in this order's transaction: not counted.
    const usable = input.coupon ? await coupons.check(coupon, checkoutCustomer(input, auth), now, replaced) : null;

    // The very sums the checkout page shows (@shop/money), from today's prices and the stored coupon.
    const totals = orderTotals({ subtotalCents, coupon: usable && couponRuleOf(usable), redeemedPoints: input.redeemed_points });
    if (totals.pointsApplied < input.redeemed_points) {
      // The page never asks for points the minimum does not allow: say which rule they break.
      const afterCouponCents = subtotalCents - totals.couponDiscountCents;
      if (input.redeemed_points * POINT_VALUE_CENTS > afterCouponCents)
        throw unprocessable({ redeemed_points: [CHECKOUT_ERRORS.pointsAboveTotal] });
      throw unprocessable({ total_amount: [MINIMUM_ORDER_MESSAGE] });
    }
    if (!totals.meetsMinimum) throw unprocessable({ total_amount: [MINIMUM_ORDER_MESSAGE] });
    if (toCents(input.total_amount) !== totals.totalCents) {
      throw unprocessable({ total_amount: [`The order total is now ${formatCents(totals.totalCents)}. Please review your cart.`] });
    }
    return {
      lines,
      subtotalCents,
      coupon: usable,
      discountCents: totals.couponDiscountCents,
      pointsDiscountCents: totals.pointsDiscountCents,
      totalCents: totals.totalCents,
      countyName,
      subCountyName,
      fresh,
    };
  }

  /** A hold row first (so a crash leaves a trace the reconciler refunds), then the customers service takes the points. */
  private async takePoints(accountId: number, points: number, orderNumber: string, now: Date): Promise<void> {
    const { db, customers, logger } = this.deps;
    await db('points_holds').insert({ order_number: orderNumber, account_id: accountId, points, created_at: sqlTimestamp(now) });
    let outcome;
    try {
      outcome = await customers.redeemPoints({ accountId, points, reference: orderNumber });
    } catch (error) {
      logger.error({ err: error, orderNumber }, 'checkout: points redemption failed; giving back whatever was taken');
      await this.givePointsBack(accountId, orderNumber);
      throw serviceUnavailable();
    }
    if (!outcome.taken) {
      await db('points_holds').where({ order_number: orderNumber }).delete();
      throw unprocessable({ redeemed_points: [outcome.message] });
    }
  }

  /** Refunds the order's redemption; the hold goes only once the customers service confirmed. */
  private async givePointsBack(accountId: number, orderNumber: string): Promise<void> {
    const { db, customers, logger } = this.deps;
    try {
      await customers.refundPoints({ accountId, reference: orderNumber });
      await db('points_holds').where({ order_number: orderNumber }).delete();
    } catch (error) {
      logger.error({ err: error, orderNumber }, 'checkout: points refund failed; the reconciler will retry');
    }
  }

  /** The rows of a new order, the same for both ways of writing them. */
  private rows(input: OrderStoreInput, auth: AuthContext | null, priced: Priced, orderNumber: string, paymentKeyHash: string, at: string) {
    const order = {
      order_number: orderNumber,
      customer_id: auth?.accountId ?? null,
      first_name: input.first_name,
      last_name: input.last_name,
      email: input.email,
      phone: input.phone,
      mpesa_no: input.mpesa_no ?? null,
      street: input.street,
      apartment: input.apartment ?? null,
      town: input.town,
      county_id: input.county_id,
      county_name: priced.countyName,
      sub_county_id: input.subcounty_id,
      sub_county_name: priced.subCountyName,
      depot_id: input.depot_id,
      subtotal_cents: priced.subtotalCents,
      discount_cents: priced.discountCents,
      points_discount_cents: priced.pointsDiscountCents,
      total_cents: priced.totalCents,
      redeemed_points: input.redeemed_points,
      coupon_id: priced.coupon?.id ?? null,
      coupon_code: priced.coupon?.code ?? null,
      status_id: STATUS.pending,
      is_paid: false,
      paid_at: null,
      payment_method: input.payment_method,
      order_notes: input.order_notes ?? null,
      payment_key_hash: paymentKeyHash,
      created_at: at,
      updated_at: at,
    };
    const items = <Id>(orderId: Id) =>
      priced.lines.map((line) => ({
        order_id: orderId,
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
        line_total_cents: line.lineCents,
      }));
    const firstStatus = <Id>(orderId: Id) => ({ order_id: orderId, status_id: STATUS.pending, note: 'Order placed', created_at: at });
    return { order, items, firstStatus };
  }

  /**
   * One transaction: the order, its items, its first status, then (when there is a coupon) the
   * coupon's use, taken last so its row lock is held briefly, the per-customer check and the
   * redemption, and the points hold's removal. On MySQL it travels in one round trip, shared with
   * the orders placed at the same moment (OrderGroupCommit): a coupon's use is taken first there,
   * and the order's rows are written only if it was.
   */
  private async write(
    input: OrderStoreInput,
    auth: AuthContext | null,
    priced: Priced,
    orderNumber: string,
    paymentKeyHash: string,
    now: Date,
    replaced: OrderRecord | null,
  ): Promise<number> {
    const rows = this.rows(input, auth, priced, orderNumber, paymentKeyHash, sqlTimestamp(now));
    const { coupons } = this.deps;
    const coupon = priced.coupon;
    const who = checkoutCustomer(input, auth);
    const redemption = (orderId: unknown) =>
      coupons.redemptionRow(coupon!, {
        orderId,
        who,
        phone: input.phone,
        mpesaNo: input.mpesa_no ?? null,
        discountCents: priced.discountCents,
        now,
      });

    // A replacing checkout is rare: it takes the plain transaction, whose first step cancels the replaced order.
    if (this.groupCommit && !replaced) {
      const id = await this.groupCommit.insert({
        ...rows,
        releaseHold: input.redeemed_points > 0 ? orderNumber : null,
        coupon: coupon && {
          take: (taken) => coupons.takeStatements(coupon, now, who, taken),
          redemption: (orderId) => redemption(orderId),
        },
      });
      if (id === null) throw invalidCoupon();
      return id;
    }

    return this.deps.db.transaction(async (trx) => {
      if (replaced && (await this.deps.payments.cancelUnpaidIn(trx, replaced.id, 'Replaced by a new order')) === 'paid')
        throw alreadyPaid();
      const [inserted] = await trx('orders').insert(rows.order);
      const orderId = inserted!;
      await trx('order_items').insert(rows.items(orderId));
      await trx('order_status_history').insert(rows.firstStatus(orderId));
      if (coupon) {
        if ((await coupons.takeQuery(trx, coupon, now)) !== 1) throw invalidCoupon();
        if (coupon.per_customer_limit !== null && coupons.limitReached(coupon, await coupons.usesIn(trx, coupon.id, who)))
          throw invalidCoupon();
        await trx('coupon_redemptions').insert(redemption(orderId));
      }
      if (input.redeemed_points > 0) await trx('points_holds').where({ order_number: orderNumber }).delete();
      return orderId;
    });
  }
}
