import type { Knex } from 'knex';
import { sqlTimestamp, toIso, type Logger } from '@shop/service-kit';
import type { CustomersClient } from '../clients/customers';
import { orderRecordOf, type OrderRow } from '../orders/repository';
import { STATUS } from '../orders/statuses';
import type { PaymentsService } from './service';
import { paymentRecordOf, type PaymentRow } from './types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Payments younger than this are left to their callback. */
export const RECHECK_AFTER_MS = MINUTE;
/** A payment pending this long is failed (it is re-checked until then, so a late payment is still caught). */
export const GIVE_UP_AFTER_MS = 24 * HOUR;
/** How long a Pending order may stay unpaid unless configured (UNPAID_ORDER_TTL_MINUTES). */
export const DEFAULT_UNPAID_ORDER_TTL_MINUTES = 60;
/** A points hold this old belongs to a checkout that died between taking the points and writing the order. */
export const HOLD_EXPIRES_AFTER_MS = 5 * MINUTE;
/** Rows looked at per step and run, oldest first, so one run stays short. */
const BATCH = 100;

export interface ReconcileReport {
  checked: number;
  paid: number;
  failed: number;
  expired: number;
  pointsCredited: number;
  holdsRefunded: number;
  cancelled: number;
}

/**
 * Catches what callbacks missed, with the same exactly-once transitions as the callbacks:
 * 1. pending payments older than a minute are asked again (verifyToken, STK query, the simulator);
 *    still pending after 24 hours, they become failed;
 * 2. paid orders whose points credit failed are credited (idempotent per order number);
 * 3. points holds left by a checkout that died are refunded;
 * 4. Pending orders unpaid for UNPAID_ORDER_TTL_MINUTES (60) are cancelled after one last check of
 *    their pending payments (one started in the last minute is left to its callback until the next
 *    pass): coupon use and points are given back (and a refund that failed is retried here, as is
 *    taking back the points a cancelled paid order earned). A payment confirmed after that is owed
 *    back (refund due), as for any cancelled order.
 * Safe to run in several processes at once: every change is a conditional update.
 */
export class Reconciler {
  private running: Promise<ReconcileReport> | null = null;

  constructor(
    private readonly deps: {
      db: Knex;
      payments: PaymentsService;
      customers: CustomersClient;
      logger: Logger;
      clock?: () => Date;
      unpaidOrderTtlMinutes?: number;
    },
  ) {}

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }

  /** One pass; a call while a pass is running waits for that pass. */
  runOnce(): Promise<ReconcileReport> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Runs every intervalMs inside the service; answers a stop function. */
  start(intervalMs: number): () => Promise<void> {
    const timer = setInterval(() => {
      this.runOnce().catch((error: unknown) => this.deps.logger.error({ err: error }, 'reconcile: pass failed'));
    }, intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await this.running?.catch(() => undefined);
    };
  }

  private async pass(): Promise<ReconcileReport> {
    const report: ReconcileReport = { checked: 0, paid: 0, failed: 0, expired: 0, pointsCredited: 0, holdsRefunded: 0, cancelled: 0 };
    await this.recheckPayments(report);
    await this.creditPoints(report);
    await this.refundHolds(report);
    await this.cancelAbandoned(report);
    if (Object.values(report).some((value) => value > 0)) this.deps.logger.info(report, 'reconcile: pass done');
    return report;
  }

  private async recheckPayments(report: ReconcileReport): Promise<void> {
    const { db, payments } = this.deps;
    const now = this.now();
    const pending: PaymentRow[] = await db('payments')
      .where({ state: 'pending' })
      .where('created_at', '<', sqlTimestamp(new Date(now.getTime() - RECHECK_AFTER_MS)))
      .orderBy('created_at')
      .limit(BATCH)
      .select('*');
    const giveUpBefore = now.getTime() - GIVE_UP_AFTER_MS;
    for (const payment of pending.map(paymentRecordOf)) {
      report.checked += 1;
      const { state } = await payments.refresh(payment);
      if (state === 'paid') report.paid += 1;
      else if (state === 'failed') report.failed += 1;
      else if (Date.parse(toIso(payment.created_at) ?? '') < giveUpBefore) {
        const changed = await db('payments')
          .where({ id: payment.id, state: 'pending' })
          .update({
            state: 'failed',
            raw_result: JSON.stringify({ reconciler: 'pending for over 24 hours' }),
            updated_at: sqlTimestamp(now),
          });
        if (changed === 1) report.expired += 1;
      }
    }
  }

  private async creditPoints(report: ReconcileReport): Promise<void> {
    const { db, payments, logger } = this.deps;
    const rows: Array<{ id: number }> = await db('orders')
      .where({ is_paid: true })
      .whereNotNull('customer_id')
      .whereNull('points_awarded_at')
      .where('paid_at', '<', sqlTimestamp(new Date(this.now().getTime() - RECHECK_AFTER_MS)))
      .orderBy('paid_at')
      .limit(BATCH)
      .select('id');
    for (const row of rows) {
      try {
        await payments.awardPoints(row.id);
        report.pointsCredited += 1;
      } catch (error) {
        logger.warn({ err: error, order: row.id }, 'reconcile: points credit failed again');
      }
    }
  }

  private async refundHolds(report: ReconcileReport): Promise<void> {
    const { db, customers, logger } = this.deps;
    const holds: Array<{ order_number: string; account_id: number }> = await db('points_holds')
      .where('created_at', '<', sqlTimestamp(new Date(this.now().getTime() - HOLD_EXPIRES_AFTER_MS)))
      .orderBy('created_at')
      .limit(BATCH)
      .select('order_number', 'account_id');
    for (const hold of holds) {
      // The order's transaction deletes its hold, so a hold whose order exists is only a leftover.
      const order = await db('orders').where({ order_number: hold.order_number }).first('id');
      try {
        if (!order) await customers.refundPoints({ accountId: hold.account_id, reference: hold.order_number });
        await db('points_holds').where({ order_number: hold.order_number }).delete();
        if (!order) report.holdsRefunded += 1;
      } catch (error) {
        logger.warn({ err: error, orderNumber: hold.order_number }, 'reconcile: points hold refund failed again');
      }
    }
  }

  private async cancelAbandoned(report: ReconcileReport): Promise<void> {
    const { db, payments } = this.deps;
    const ttlMinutes = this.deps.unpaidOrderTtlMinutes ?? DEFAULT_UNPAID_ORDER_TTL_MINUTES;
    const now = this.now().getTime();
    const before = sqlTimestamp(new Date(now - ttlMinutes * MINUTE));
    const abandoned: OrderRow[] = await db('orders as o')
      .where({ 'o.status_id': STATUS.pending, 'o.is_paid': false })
      .where('o.created_at', '<', before)
      // A payment started in the last minute is left to its callback; the next pass decides.
      .whereNotExists(
        db('payments as p')
          .whereRaw('p.order_id = o.id')
          .where('p.state', 'pending')
          .where('p.created_at', '>=', sqlTimestamp(new Date(now - RECHECK_AFTER_MS))),
      )
      .orderBy('o.created_at')
      .limit(BATCH)
      .select('o.*');
    for (const order of abandoned) {
      const outcome = await payments.abandon(orderRecordOf(order), `Not paid within ${ttlMinutes} minutes`, {
        skipPaymentsYoungerThanMs: RECHECK_AFTER_MS,
      });
      if (outcome === 'cancelled') report.cancelled += 1;
    }
    // Cancelled orders (paid or not) whose points refund failed earlier.
    const owed: Array<{ id: number }> = await db('orders')
      .where({ status_id: STATUS.cancelled })
      .whereNotNull('customer_id')
      .where('redeemed_points', '>', 0)
      .whereNull('points_refunded_at')
      .limit(BATCH)
      .select('id');
    for (const row of owed) await payments.refundRedeemedPoints(row.id);
    // Cancelled paid orders whose earned points could not be taken back yet.
    const credited: Array<{ id: number }> = await db('orders')
      .where({ status_id: STATUS.cancelled, is_paid: true })
      .whereNotNull('customer_id')
      .whereNull('points_reversed_at')
      .limit(BATCH)
      .select('id');
    for (const row of credited) await payments.reverseEarnedPoints(row.id);
  }
}
