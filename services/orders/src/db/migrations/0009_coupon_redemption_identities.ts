import type { Knex } from 'knex';
import { dialectOf, type Migration } from '@shop/service-kit';

const migration: Migration = {
  name: '0009_coupon_redemption_identities',
  /**
   * The once-per-customer coupon limit counts a redemption whose email, customer account, phone or
   * M-Pesa number matches the new order's, so typing a new email no longer gives the coupon again.
   * Both numbers are kept in the shop's stored phone form (0712345678), so the phone of one order
   * and the M-Pesa number (254712345678) of another are the same number. One index per identity,
   * each led by coupon_id: the checkout's locking read stays inside the coupon it holds the lock of.
   *
   * Existing redemptions take their order's numbers (an M-Pesa number 254XXXXXXXXX becomes 0XXXXXXXXX).
   */
  async up(db: Knex) {
    await db.schema.alterTable('coupon_redemptions', (table) => {
      table.string('phone', 20).nullable();
      table.string('mpesa_phone', 20).nullable();
      table.index(['coupon_id', 'customer_id'], 'coupon_redemptions_coupon_customer_idx');
      table.index(['coupon_id', 'phone'], 'coupon_redemptions_coupon_phone_idx');
      table.index(['coupon_id', 'mpesa_phone'], 'coupon_redemptions_coupon_mpesa_idx');
    });
    const mpesaAsPhone = dialectOf(db) === 'mysql' ? "CONCAT('0', SUBSTRING(o.mpesa_no, 4))" : "'0' || substr(o.mpesa_no, 4)";
    await db.raw(
      `UPDATE coupon_redemptions SET
         phone = (SELECT o.phone FROM orders o WHERE o.id = coupon_redemptions.order_id),
         mpesa_phone = (SELECT CASE WHEN o.mpesa_no LIKE '254_________' THEN ${mpesaAsPhone} ELSE NULL END
                          FROM orders o WHERE o.id = coupon_redemptions.order_id)`,
    );
  },
  async down(db: Knex) {
    await db.schema.alterTable('coupon_redemptions', (table) => {
      table.dropIndex(['coupon_id', 'mpesa_phone'], 'coupon_redemptions_coupon_mpesa_idx');
      table.dropIndex(['coupon_id', 'phone'], 'coupon_redemptions_coupon_phone_idx');
      table.dropIndex(['coupon_id', 'customer_id'], 'coupon_redemptions_coupon_customer_idx');
      table.dropColumn('mpesa_phone');
      table.dropColumn('phone');
    });
  },
};

export default migration;
