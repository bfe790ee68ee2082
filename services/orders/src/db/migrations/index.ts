import type { Migration } from '@shop/service-kit';
import orders from './0001_orders';
import backOffice from './0002_back_office';
import reportSummaries from './0003_report_summaries';
import pointsReversal from './0004_points_reversal';
import refundDue from './0005_refund_due';
import refundMade from './0006_refund_made';
import reportSummariesIndexes from './0007_report_summaries_indexes';
import paymentKey from './0008_payment_key';
import couponRedemptionIdentities from './0009_coupon_redemption_identities';
import basketMonths from './202611271400_report_basket_months';
import auditLog from './9001_orders_audit_log';

/**
 * The orders service's migrations (migration table knex_migrations_orders), one file each.
 *
 * A released migration is never edited: databases that already ran it would never see the edit
 * (0003 was edited once; 0007 brings those databases what the edit added). A change is a new file
 * with the next number, appended before the audit log's 9001. Each file carries its own table,
 * index and trigger definitions and its own SQL, as of its release; it imports no live service
 * code (only types and service-kit's dialect helpers), because live code keeps changing and a
 * migration must do tomorrow what it did when it was released. Names are the keys recorded in
 * knex_migrations_orders and never change.
 *
 * Knex runs what a database has not run yet in this order: the audit log (9001) ran with the
 * first release, 0003 onwards after it.
 */
export const migrations: readonly Migration[] = [
  orders,
  backOffice,
  reportSummaries,
  pointsReversal,
  refundDue,
  refundMade,
  reportSummariesIndexes,
  paymentKey,
  couponRedemptionIdentities,
  basketMonths,
  auditLog,
];
