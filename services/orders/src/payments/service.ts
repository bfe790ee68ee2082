import type { Knex } from 'knex';
import { formatCents, pointsEarned } from '@shop/money';
import { ORDER_MESSAGES, type MpesaPushResponse, type PaymentStartResponse, type PaymentState } from '@shop/api-types';
import { HttpError, notFound, sqlTimestamp, toIso, unprocessable, UpstreamUnavailable, type Logger } from '@shop/service-kit';
import type { CustomersClient } from '../clients/customers';
import type { CouponsRepository } from '../coupons/repository';
import { ownedOrder, type OrderAccess } from '../orders/payment-key';
import { lockOrder, type OrderRecord, type OrdersRepository } from '../orders/repository';
import { STATUS } from '../orders/statuses';
import type { PaymentSimulator } from './simulator';
import {
  ProviderError,
  type HostedProvider,
  type MobileMoneyProvider,
  type PayableOrder,
  paymentRecordOf,
  type PaymentRow,
  type ProviderName,
  type VerifyResult,
} from './types';

const PROVIDER_LABEL: Record<ProviderName, string> = { dpo: 'DPO', mpesa: 'M-Pesa', simulator: 'the payment simulator' };

/** A pending hosted payment is offered again (same token) for this long instead of opening another. */
const REUSE_HOSTED_MS = 30 * 60 * 1000;

export const PAYMENT_MESSAGES = {
  orderNotFound: 'Order not found.',
  alreadyPaid: 'This order has already been paid.',
  notPayable: 'This order can no longer be paid.',
  providerDown: 'The payment service is not available right now. Please try again.',
  mpesaOff: 'M-Pesa payments are not available right now.',
  paid: 'Payment received. Thank you!',
  refundDue: 'Your payment arrived after this order was cancelled. It will be refunded to you.',
  doublePayment: 'This order had already been paid. This second payment will be refunded to you.',
} as const;

export interface PaymentsDeps {
  db: Knex;
  logger: Logger;
  customers: CustomersClient;
  coupons: CouponsRepository;
  orders: OrdersRepository;
  hosted: HostedProvider;
  /** Null when neither Daraja credentials nor the simulator are there. */
  mobile: MobileMoneyProvider | null;
  /** Set when the simulator plays any part (it then also verifies its own payments). */
  simulator: PaymentSimulator | null;
  clock?: () => Date;
}

/**
 * Payments and the one place where an order becomes paid. Every confirmation (callback, status
 * check, reconciler) goes through apply(), whose conditional updates make it exactly-once: the
 * order flips with `WHERE is_paid = 0`, and only the call that flipped it writes the history row and
 * credits the points (the customers service is idempotent per order number besides).
 */
export class PaymentsService {
  private readonly clock: () => Date;

  constructor(private readonly deps: PaymentsDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  get mobileAvailable(): boolean {
    return this.deps.mobile !== null;
  }

  /** By id (what orders/store answered) or by order number. */
  async findOrder(reference: number | string): Promise<OrderRecord> {
    const order = typeof reference === 'number' ? await this.deps.orders.byId(reference) : await this.deps.orders.byNumber(reference);
    if (!order) throw notFound(PAYMENT_MESSAGES.orderNotFound);
    return order;
  }

  /** The order when the caller owns it or holds its payment key; 404 'Order not found.' otherwise, as for a missing one. */
  async findOwnedOrder(reference: number | string, access: OrderAccess): Promise<OrderRecord> {
    const order = typeof reference === 'number' ? await this.deps.orders.byId(reference) : await this.deps.orders.byNumber(reference);
    return ownedOrder(order, access);
  }

  private payable(order: OrderRecord): PayableOrder {
    if (order.isPaid) throw unprocessable({ order_id: [PAYMENT_MESSAGES.alreadyPaid] });
    if (order.status_id !== STATUS.pending) throw unprocessable({ order_id: [PAYMENT_MESSAGES.notPayable] });
    return {
      id: order.id,
      orderNumber: order.order_number,
      amountCents: order.total_cents,
      firstName: order.first_name,
      lastName: order.last_name,
      email: order.email,
      phone: order.phone,
    };
  }

  /**
   * POST /api/site/v1/dpo/pay: the hosted page for the order's own total and details (whatever the
   * client sent). Called again after a decline or a cancel, it is a new attempt on the same order.
   */
  async startHosted(orderReference: number | string, access: OrderAccess): Promise<PaymentStartResponse> {
    const order = this.payable(await this.findOwnedOrder(orderReference, access));
    const { db, hosted } = this.deps;
    const now = this.clock();
    const openRow: PaymentRow | undefined = await db('payments')
      .where({ order_id: order.id, method: 'hosted', provider: hosted.name, state: 'pending', amount_cents: order.amountCents })
      .where('created_at', '>', sqlTimestamp(new Date(now.getTime() - REUSE_HOSTED_MS)))
      .orderBy('id', 'desc')
      .first('*');
    if (openRow) return { token: openRow.reference, redirect_url: hosted.pageUrl(openRow.reference) };
    const started = await this.callProvider(() => hosted.start(order));
    await this.insertPayment({
      order,
      provider: hosted.name,
      method: 'hosted',
      reference: started.reference,
      amountCents: order.amountCents,
      providerRef: started.providerRef,
      phone: null,
      raw: started.raw,
      now,
    });
    return { token: started.reference, redirect_url: hosted.pageUrl(started.reference) };
  }

  /**
   * POST /api/site/v1/push: an STK push for the order total rounded up to whole shillings, to the
   * number the order was placed with (its M-Pesa number, else its phone). A `mobile` given by the
   * owner changes that number: stored on the order with a history note.
   */
  async startPush(orderReference: number | string, access: OrderAccess, mobile?: string): Promise<MpesaPushResponse> {
    const provider = this.deps.mobile;
    if (!provider) throw new HttpError(503, PAYMENT_MESSAGES.mpesaOff);
    const row = await this.findOwnedOrder(orderReference, access);
    const order = this.payable(row);
    const phone = mobile ?? row.mpesa_no ?? darajaNumber(row.phone);
    if (mobile !== undefined && mobile !== row.mpesa_no) await this.changeMpesaNumber(row, mobile);
    const amountCents = Math.ceil(order.amountCents / 100) * 100;
    const now = this.clock();
    const pushed = await this.callProvider(() => provider.push(order, phone, amountCents));
    await this.insertPayment({
      order,
      provider: provider.name,
      method: 'mpesa',
      reference: pushed.answer.CheckoutRequestID,
      amountCents,
      providerRef: null,
      phone,
      raw: pushed.raw,
      now,
    });
    return pushed.answer;
  }

  /**
   * Under the order's lock: a number that already used up the order's coupon (its per-customer
   * limit, on other orders) is refused with the coupon's own 422, and nothing changes.
   */
  private async changeMpesaNumber(order: OrderRecord, mobile: string): Promise<void> {
    const at = sqlTimestamp(this.clock());
    await this.deps.db.transaction(async (trx) => {
      await lockOrder(trx, order.id);
      if (!(await this.deps.coupons.recordMpesaNumber(trx, order.id, mobile)))
        throw unprocessable({ mobile: [ORDER_MESSAGES.invalidCoupon] });
      await trx('orders').where({ id: order.id }).update({ mpesa_no: mobile, updated_at: at });
      await trx('order_status_history').insert({
        order_id: order.id,
        status_id: order.status_id,
        note: `M-Pesa number changed to ${mobile}`,
        created_at: at,
      });
    });
  }

  /**
   * The shopper (or the reconciler) gives up on an unpaid order: its pending payments are asked one
   * last time (a payment that went through wins), then it is cancelled, its coupon use and points
   * given back. Answers what the order is afterwards: 'cancelled' (by this call or earlier),
   * 'paid', or 'pending' (not cancelled: it moved on some other way meanwhile).
   */
  async abandon(
    order: OrderRecord,
    note: string,
    options: { skipPaymentsYoungerThanMs?: number } = {},
  ): Promise<'cancelled' | 'paid' | 'pending'> {
    const settled = await this.settlePayments(order, options);
    if (settled.state !== 'open') return settled.state;
    if (await this.cancelUnpaid(settled.order, note)) return 'cancelled';
    const after = abandonState(await this.deps.orders.byId(order.id));
    return after === 'open' ? 'pending' : after;
  }

  /**
   * Before an unpaid order is given up: its pending payments are asked one last time (a payment
   * that went through wins). Answers what the order is then: 'open' (pending and unpaid, so it may
   * be cancelled) with the order as it is now, or 'paid', 'cancelled', 'pending' (moved on some
   * other way, or a payment younger than `skipPaymentsYoungerThanMs` may still arrive).
   */
  async settlePayments(
    order: OrderRecord,
    options: { skipPaymentsYoungerThanMs?: number } = {},
  ): Promise<{ state: 'cancelled' | 'paid' | 'pending' } | { state: 'open'; order: OrderRecord }> {
    const before = abandonState(order);
    if (before !== 'open') return { state: before };
    const youngest = options.skipPaymentsYoungerThanMs;
    const pending: PaymentRow[] = await this.deps.db('payments').where({ order_id: order.id, state: 'pending' }).select('*');
    for (const payment of pending.map(paymentRecordOf)) {
      const age = this.clock().getTime() - Date.parse(toIso(payment.created_at) ?? '');
      if (youngest !== undefined && age < youngest) return { state: 'pending' };
      await this.refresh(payment);
    }
    const now = await this.deps.orders.byId(order.id);
    const after = abandonState(now);
    return after === 'open' ? { state: 'open', order: now! } : { state: after };
  }

  async byReference(reference: string): Promise<PaymentRow | undefined> {
    const row: PaymentRow | undefined = await this.deps.db('payments').where({ reference }).first('*');
    return row && paymentRecordOf(row);
  }

  /**
   * Asks the payment's provider and applies the answer. A provider that cannot be reached leaves it
   * pending. `hint.providerRef` (an M-Pesa receipt from a callback) is kept when the provider confirms.
   */
  async refresh(payment: PaymentRow, hint: { providerRef?: string | null } = {}): Promise<{ state: PaymentState; message: string }> {
    if (payment.state === 'paid') return { state: 'paid', message: PAYMENT_MESSAGES.paid };
    const verify = this.verifierFor(payment);
    if (!verify) {
      this.deps.logger.warn(
        { payment: payment.id, provider: payment.provider },
        'payments: no adapter configured for this payment; left as it is',
      );
      return { state: payment.state, message: 'This payment cannot be checked right now.' };
    }
    let result: VerifyResult;
    try {
      result = await verify(payment);
    } catch (error) {
      this.deps.logger.warn({ err: error, payment: payment.id }, 'payments: the provider could not be asked; still pending');
      return { state: payment.state, message: 'The payment could not be checked right now.' };
    }
    if (result.providerRef === null && hint.providerRef) result = { ...result, providerRef: hint.providerRef };
    return { state: await this.apply(payment, result), message: result.message };
  }

  private verifierFor(payment: PaymentRow): ((payment: PaymentRow) => Promise<VerifyResult>) | null {
    const { hosted, mobile, simulator } = this.deps;
    if (payment.provider === 'simulator')
      return simulator ? (p) => (p.method === 'mpesa' ? simulator.query(p) : simulator.verify(p)) : null;
    if (payment.provider === 'dpo') return hosted.name === 'dpo' ? (p) => hosted.verify(p) : null;
    return mobile?.name === 'mpesa' ? (p) => mobile.query(p) : null;
  }

  /**
   * The only way into Paid. A paid answer whose amount or currency differs from the payment stays
   * pending (and is logged for staff). Answers the payment's state afterwards.
   */
  async apply(payment: PaymentRow, result: VerifyResult): Promise<PaymentState> {
    const { db, logger } = this.deps;
    const at = sqlTimestamp(this.clock());
    const raw = JSON.stringify(result.raw ?? null).slice(0, 8000);
    if (result.state === 'pending') return payment.state === 'paid' ? 'paid' : 'pending';

    if (result.state === 'failed') {
      await db('payments').where({ id: payment.id, state: 'pending' }).update({ state: 'failed', raw_result: raw, updated_at: at });
      const row: { state: PaymentState } | undefined = await db('payments').where({ id: payment.id }).first('state');
      return row?.state ?? 'failed';
    }

    const amountDiffers = result.amountCents !== null && result.amountCents !== payment.amount_cents;
    const currencyDiffers = result.currency !== null && result.currency !== 'KES';
    if (amountDiffers || currencyDiffers) {
      logger.warn(
        {
          payment: payment.id,
          reference: payment.reference,
          expectedCents: payment.amount_cents,
          reportedCents: result.amountCents,
          currency: result.currency,
        },
        'payments: the provider reports a payment that does not match the order; left pending for staff',
      );
      return 'pending';
    }

    const providerRef = result.providerRef ?? payment.provider_ref;
    let flipped = false;
    let refundDue = false;
    await db.transaction(async (trx) => {
      // The order row first (locked on MySQL; SQLite runs one transaction at a time), so a
      // cancellation running at the same moment either happened before, and this payment is owed
      // back, or waits and then finds the order paid.
      const order = await lockOrder(trx, payment.order_id);
      const cancelledUnpaid = order !== undefined && order.status_id === STATUS.cancelled && !order.isPaid;
      // Another payment (a second M-Pesa prompt, a card after M-Pesa) paid the order first: this
      // money is a double payment, refunded under the shop's policy, and the order stays as it is.
      const paidAlready = order !== undefined && order.isPaid;
      const owedBack = cancelledUnpaid || paidAlready;
      // Only the call that moves the payment to paid writes anything else, so repeated callbacks add nothing.
      const confirmed = await trx('payments')
        .where({ id: payment.id })
        .whereNot({ state: 'paid' })
        .update({ state: 'paid', provider_ref: providerRef, raw_result: raw, updated_at: at, ...(owedBack ? { refund_due_at: at } : {}) });
      if (owedBack) {
        if (confirmed !== 1) return;
        refundDue = true;
        await trx('orders').where({ id: payment.order_id }).whereNull('refund_due_at').update({ refund_due_at: at, updated_at: at });
        const by = `${formatCents(payment.amount_cents)} by ${PROVIDER_LABEL[payment.provider]}${providerRef ? ` (${providerRef})` : ''}`;
        const note = cancelledUnpaid
          ? `Payment received after cancellation — refund due: ${by}`
          : `Order already paid; second payment received — refund due: ${by}`;
        await trx('order_status_history').insert({
          order_id: payment.order_id,
          status_id: order!.status_id,
          note: note.slice(0, 255),
          created_at: at,
        });
        return;
      }
      const changed = await trx('orders')
        .where({ id: payment.order_id, is_paid: false })
        .whereNot({ status_id: STATUS.cancelled })
        .update({ is_paid: true, status_id: STATUS.paid, paid_at: at, payment_method: payment.provider, updated_at: at });
      if (changed === 1) {
        flipped = true;
        const note = `Paid by ${PROVIDER_LABEL[payment.provider]}${providerRef ? ` (${providerRef})` : ''}`;
        await trx('order_status_history').insert({
          order_id: payment.order_id,
          status_id: STATUS.paid,
          note: note.slice(0, 255),
          created_at: at,
        });
      }
    });
    if (refundDue) {
      // The order keeps its state: no points are earned on this money, and a cancelled order's coupon use stays given back.
      logger.warn(
        { order: payment.order_id, payment: payment.id, provider: payment.provider, amountCents: payment.amount_cents },
        'payments: paid after the order was cancelled or already paid; refund due',
      );
    }
    if (flipped) {
      logger.info({ order: payment.order_id, payment: payment.id, provider: payment.provider }, 'payments: order paid');
      await this.awardPoints(payment.order_id).catch((error: unknown) =>
        logger.error({ err: error, order: payment.order_id }, 'payments: points credit failed; the reconciler will retry'),
      );
    }
    return 'paid';
  }

  /**
   * 1 point per full KSh 100 paid, for signed-in customers, once (points_awarded_at; the customers
   * service is idempotent too). An order cancelled before its credit earns nothing; one cancelled
   * while the credit was on its way has the points taken back at once.
   */
  async awardPoints(orderId: number): Promise<void> {
    const { db, customers } = this.deps;
    const order = await this.deps.orders.byId(orderId);
    if (!order || order.customer_id === null || !order.isPaid || order.points_awarded_at !== null) return;
    const at = sqlTimestamp(this.clock());
    if (order.status_id === STATUS.cancelled) {
      // Nothing to credit any more; marked so the reconciler stops offering it.
      await db('orders').where({ id: orderId }).whereNull('points_awarded_at').update({ points_awarded: 0, points_awarded_at: at });
      return;
    }
    const points = pointsEarned(order.total_cents);
    if (points > 0) await customers.earnPoints({ accountId: order.customer_id, points, reference: order.order_number });
    await db('orders').where({ id: orderId }).whereNull('points_awarded_at').update({ points_awarded: points, points_awarded_at: at });
    // Staff may have cancelled the order (and found nothing to take back) while the credit was on its way.
    const now = await this.deps.orders.byId(orderId);
    if (points > 0 && now?.status_id === STATUS.cancelled) await this.reverseEarnedPoints(orderId, { evenIfDone: true });
  }

  /**
   * An order left unpaid: Cancelled (with a history row), its coupon use given back, then its
   * redeemed points refunded. Only a Pending, unpaid order changes; answers whether this call did it.
   */
  async cancelUnpaid(order: Pick<OrderRecord, 'id'>, note: string): Promise<boolean> {
    const cancelled = await this.deps.db.transaction(async (trx) => (await this.cancelUnpaidIn(trx, order.id, note)) === 'cancelled');
    if (cancelled) await this.refundRedeemedPoints(order.id);
    return cancelled;
  }

  /**
   * Inside a transaction the caller owns (cancelUnpaid's, or a new order's that replaces this one):
   * the order's lock, then Cancelled with a history row and its coupon use given back, only when it
   * is Pending and unpaid. Answers 'cancelled', 'paid', or 'unchanged' (cancelled already, or moved
   * on). Its redeemed points are the caller's to refund (refundRedeemedPoints) once committed.
   */
  async cancelUnpaidIn(trx: Knex.Transaction, orderId: number, note: string): Promise<'cancelled' | 'paid' | 'unchanged'> {
    const at = sqlTimestamp(this.clock());
    const order = await lockOrder(trx, orderId);
    if (order && order.isPaid) return 'paid';
    const changed = await trx('orders')
      .where({ id: orderId, is_paid: false, status_id: STATUS.pending })
      .update({ status_id: STATUS.cancelled, updated_at: at });
    if (changed !== 1) return 'unchanged';
    await trx('order_status_history').insert({ order_id: orderId, status_id: STATUS.cancelled, note, created_at: at });
    await this.deps.coupons.release(trx, orderId, this.clock());
    return 'cancelled';
  }

  /**
   * Gives back the points a cancelled order spent, paid or not: one ledger row on the customers
   * service (idempotent per order number), then points_refunded_at. A failure is logged and retried
   * by the reconciler.
   */
  async refundRedeemedPoints(orderId: number): Promise<void> {
    const { db, customers, logger } = this.deps;
    const order = await this.deps.orders.byId(orderId);
    if (!order || order.customer_id === null || order.redeemed_points === 0 || order.points_refunded_at !== null) return;
    if (order.status_id !== STATUS.cancelled) return;
    try {
      await customers.refundPoints({ accountId: order.customer_id, reference: order.order_number });
      await db('orders')
        .where({ id: orderId })
        .whereNull('points_refunded_at')
        .update({ points_refunded_at: sqlTimestamp(this.clock()) });
    } catch (error) {
      logger.error({ err: error, order: orderId }, 'payments: points refund failed; the reconciler will retry');
    }
  }

  /**
   * Takes back the points a cancelled paid order earned: one ledger row on the customers service
   * (idempotent per order number; never below a zero balance), then points_reversed_at. Asked even
   * when this service has no credit on record, since a credit may have landed just before a crash;
   * the customers service answers when there was none. A failure is logged and retried by the
   * reconciler. `evenIfDone` asks again after a late credit (see awardPoints).
   */
  async reverseEarnedPoints(orderId: number, options: { evenIfDone?: boolean } = {}): Promise<void> {
    const { db, customers, logger } = this.deps;
    const order = await this.deps.orders.byId(orderId);
    if (!order || order.customer_id === null || !order.isPaid || order.status_id !== STATUS.cancelled) return;
    if (order.points_reversed_at !== null && !options.evenIfDone) return;
    const at = sqlTimestamp(this.clock());
    try {
      // Close the credit first, so a retried credit (reconciler) can no longer add what is taken back here.
      await db('orders').where({ id: orderId }).whereNull('points_awarded_at').update({ points_awarded: 0, points_awarded_at: at });
      await customers.reverseEarnedPoints({ accountId: order.customer_id, reference: order.order_number });
      await db('orders').where({ id: orderId }).whereNull('points_reversed_at').update({ points_reversed_at: at });
    } catch (error) {
      logger.error({ err: error, order: orderId }, 'payments: taking back earned points failed; the reconciler will retry');
    }
  }

  private async insertPayment(input: {
    order: PayableOrder;
    provider: ProviderName;
    method: 'hosted' | 'mpesa';
    reference: string;
    amountCents: number;
    providerRef: string | null;
    phone: string | null;
    raw: unknown;
    now: Date;
  }): Promise<void> {
    const at = sqlTimestamp(input.now);
    await this.deps.db('payments').insert({
      order_id: input.order.id,
      provider: input.provider,
      method: input.method,
      reference: input.reference,
      amount_cents: input.amountCents,
      currency: 'KES',
      state: 'pending',
      provider_ref: input.providerRef,
      phone: input.phone,
      raw_result: JSON.stringify(input.raw ?? null).slice(0, 8000),
      created_at: at,
      updated_at: at,
    });
  }

  private async callProvider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ProviderError || error instanceof UpstreamUnavailable) {
        this.deps.logger.error({ err: error }, 'payments: the provider refused or could not be reached');
        throw new HttpError(502, PAYMENT_MESSAGES.providerDown);
      }
      throw error;
    }
  }
}

/** Where an order stands for giving it up: 'open' is Pending and unpaid; a missing one counts as moved on. */
function abandonState(row: OrderRecord | undefined): 'cancelled' | 'paid' | 'pending' | 'open' {
  if (!row) return 'pending';
  if (row.isPaid) return 'paid';
  if (row.status_id === STATUS.cancelled) return 'cancelled';
  return row.status_id === STATUS.pending ? 'open' : 'pending';
}

/** An order's phone (07XXXXXXXX, 01XXXXXXXX) as Daraja wants it: 2547XXXXXXXX. */
export function darajaNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return /^0\d{9}$/.test(digits) ? `254${digits.slice(1)}` : digits;
}
