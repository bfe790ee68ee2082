import type { Knex } from 'knex';
import type { Migration } from '@shop/service-kit';

/**
 * The order statuses as they were when this migration was released (ids are fixed: reports and
 * the back office refer to them). A copy, not orders/statuses.ts: a later change there must not
 * change what this migration writes; it needs a migration of its own.
 */
const ORDER_STATUSES = [
  { id: 1, name: 'Pending', color: '#f59e0b' },
  { id: 2, name: 'Paid', color: '#16a34a' },
  { id: 3, name: 'Processing', color: '#2563eb' },
  { id: 4, name: 'Dispatched', color: '#7c3aed' },
  { id: 5, name: 'Delivered', color: '#15803d' },
  { id: 6, name: 'Cancelled', color: '#dc2626' },
] as const;

/**
 * The orders service's first tables. Money is integer cents. Times are DATETIME written by the
 * service in UTC ('YYYY-MM-DD HH:MM:SS', see sqlTimestamp). Other services' rows (products,
 * accounts, counties) are referred to by id and snapshotted by name: no foreign keys across services.
 */
const migration: Migration = {
  name: '0001_orders',
  async up(db: Knex) {
    await db.schema.createTable('order_statuses', (table) => {
      table.integer('id').unsigned().primary();
      table.string('name', 40).notNullable();
      table.string('color', 7).notNullable();
    });
    await db('order_statuses').insert(ORDER_STATUSES.map(({ id, name, color }) => ({ id, name, color })));

    await db.schema.createTable('coupons', (table) => {
      table.increments('id');
      table.string('name', 120).notNullable();
      /** Always upper-case. */
      table.string('code', 40).notNullable().unique('coupons_code_unique');
      /** The label the checkout shows, e.g. '10%' or 'KSh 200'. */
      table.string('discount_name', 60).notNullable();
      /** 'percent' or 'value'. */
      table.string('discount_type', 8).notNullable();
      /** Percent in basis points (10% = 1000) when discount_type is 'percent'. */
      table.integer('discount_percent_bp').unsigned().nullable();
      table.integer('discount_value_cents').unsigned().nullable();
      table.datetime('valid_from').notNullable();
      table.datetime('valid_to').notNullable();
      /** Orders the coupon may ever be used on; null is unlimited. */
      table.integer('usage_limit').unsigned().nullable();
      /** Orders per email; null is unlimited. */
      table.integer('per_customer_limit').unsigned().nullable();
      table.integer('times_used').unsigned().notNullable().defaultTo(0);
      table.datetime('archived_at').nullable();
      table.datetime('created_at').notNullable();
      table.datetime('updated_at').notNullable();
    });

    await db.schema.createTable('orders', (table) => {
      table.increments('id');
      /** 'SH-' + two-digit year + a yearly sequence that is never reused (see order_number_sequences). */
      table.string('order_number', 20).notNullable().unique('orders_order_number_unique');
      /** The customers service's account id; null for guests. */
      table.integer('customer_id').unsigned().nullable();
      table.string('first_name', 60).notNullable();
      table.string('last_name', 60).notNullable();
      table.string('email', 255).notNullable();
      table.string('phone', 20).notNullable();
      table.string('mpesa_no', 12).nullable();
      table.string('street', 191).notNullable();
      table.string('apartment', 120).nullable();
      table.string('town', 120).notNullable();
      table.integer('county_id').unsigned().notNullable();
      table.string('county_name', 60).notNullable();
      table.integer('sub_county_id').unsigned().notNullable();
      table.string('sub_county_name', 60).notNullable();
      table.integer('depot_id').unsigned().notNullable().defaultTo(1);
      table.integer('subtotal_cents').unsigned().notNullable();
      /** The coupon's discount. */
      table.integer('discount_cents').unsigned().notNullable().defaultTo(0);
      /** Shwari Points spent, as money (1 point = KSh 1). */
      table.integer('points_discount_cents').unsigned().notNullable().defaultTo(0);
      table.integer('total_cents').unsigned().notNullable();
      table.integer('redeemed_points').unsigned().notNullable().defaultTo(0);
      /** No foreign key on purpose: see CouponsRepository (its check would deadlock concurrent coupon orders on MySQL). */
      table.integer('coupon_id').unsigned().nullable();
      table.string('coupon_code', 40).nullable();
      table.integer('status_id').unsigned().notNullable().references('order_statuses.id');
      table.boolean('is_paid').notNullable().defaultTo(false);
      table.datetime('paid_at').nullable();
      /** 'hosted' or 'mpesa' as asked at checkout; the provider that was paid once paid ('dpo', 'mpesa', 'simulator'). */
      table.string('payment_method', 16).nullable();
      table.text('order_notes').nullable();
      /** Points credited for the paid order (once; the reconciler retries a credit that failed). */
      table.integer('points_awarded').unsigned().notNullable().defaultTo(0);
      table.datetime('points_awarded_at').nullable();
      /** When redeemed points were given back after a cancellation. */
      table.datetime('points_refunded_at').nullable();
      table.datetime('created_at').notNullable();
      table.datetime('updated_at').notNullable();
      table.index(['created_at'], 'orders_created_at_idx');
      table.index(['customer_id', 'created_at'], 'orders_customer_created_idx');
      table.index(['status_id'], 'orders_status_idx');
    });

    await db.schema.createTable('order_items', (table) => {
      table.increments('id');
      table.integer('order_id').unsigned().notNullable().references('orders.id').onDelete('CASCADE');
      /** The catalog's product id; name, brand, category and price are snapshots of the time of the order. */
      table.integer('product_id').unsigned().notNullable();
      table.string('product_name', 200).notNullable();
      table.string('brand_name', 120).notNullable();
      table.integer('category_id').unsigned().notNullable();
      table.string('category_name', 120).notNullable();
      table.string('unit', 60).notNullable();
      table.string('image', 255).notNullable();
      table.integer('unit_price_cents').unsigned().notNullable();
      table.integer('quantity').unsigned().notNullable();
      table.integer('line_total_cents').unsigned().notNullable();
      table.index(['order_id'], 'order_items_order_idx');
      table.index(['product_id'], 'order_items_product_idx');
    });

    await db.schema.createTable('order_status_history', (table) => {
      table.increments('id');
      table.integer('order_id').unsigned().notNullable().references('orders.id').onDelete('CASCADE');
      table.integer('status_id').unsigned().notNullable().references('order_statuses.id');
      table.string('note', 255).nullable();
      table.datetime('created_at').notNullable();
      table.index(['order_id', 'id'], 'order_status_history_order_idx');
    });

    await db.schema.createTable('coupon_redemptions', (table) => {
      table.increments('id');
      table.integer('coupon_id').unsigned().notNullable().references('coupons.id');
      /** One coupon per order. */
      table
        .integer('order_id')
        .unsigned()
        .notNullable()
        .references('orders.id')
        .onDelete('CASCADE')
        .unique('coupon_redemptions_order_unique');
      table.string('email', 255).notNullable();
      table.integer('customer_id').unsigned().nullable();
      table.integer('discount_cents').unsigned().notNullable();
      table.datetime('created_at').notNullable();
      table.index(['coupon_id', 'email'], 'coupon_redemptions_coupon_email_idx');
    });

    await db.schema.createTable('payments', (table) => {
      table.increments('id');
      table.integer('order_id').unsigned().notNullable().references('orders.id');
      /** 'simulator', 'dpo' or 'mpesa'. */
      table.string('provider', 16).notNullable();
      /** 'hosted' (a payment page) or 'mpesa' (an STK push). */
      table.string('method', 8).notNullable();
      /** DPO's TransToken, Daraja's CheckoutRequestID, or the simulator's token. */
      table.string('reference', 100).notNullable().unique('payments_reference_unique');
      table.integer('amount_cents').unsigned().notNullable();
      table.string('currency', 3).notNullable().defaultTo('KES');
      /** 'pending', 'paid' or 'failed'. */
      table.string('state', 8).notNullable().defaultTo('pending');
      /** DPO's TransRef or the M-Pesa receipt number. */
      table.string('provider_ref', 100).nullable();
      table.string('phone', 12).nullable();
      /** The provider's last answer, for support. */
      table.text('raw_result').nullable();
      table.datetime('created_at').notNullable();
      table.datetime('updated_at').notNullable();
      table.index(['order_id'], 'payments_order_idx');
      table.index(['state', 'created_at'], 'payments_state_created_idx');
    });

    /** Order numbers are handed out in blocks from here, so a number is never used twice, even after a rollback. */
    await db.schema.createTable('order_number_sequences', (table) => {
      table.integer('year').unsigned().primary();
      table.integer('next_value').unsigned().notNullable();
    });

    /**
     * Points taken from the customers service for an order being placed. Written before the call
     * and deleted in the order's own transaction, so a crash between the two leaves a row the
     * reconciler refunds.
     */
    await db.schema.createTable('points_holds', (table) => {
      table.string('order_number', 20).primary();
      table.integer('account_id').unsigned().notNullable();
      table.integer('points').unsigned().notNullable();
      table.datetime('created_at').notNullable();
    });

    /** The built-in payment simulator's own record of what the "shopper" chose (development only). */
    await db.schema.createTable('simulator_payments', (table) => {
      table.string('reference', 100).primary();
      table.string('method', 8).notNullable();
      table.string('order_number', 20).notNullable();
      table.integer('amount_cents').unsigned().notNullable();
      table.string('phone', 12).nullable();
      /** 'pending', 'paid', 'declined' or 'cancelled'. */
      table.string('outcome', 10).notNullable().defaultTo('pending');
      table.string('receipt', 20).nullable();
      /** A simulated push settles at this instant (epoch ms; DATETIME keeps only seconds). */
      table.bigInteger('settles_at_ms').nullable();
      table.datetime('created_at').notNullable();
      table.datetime('decided_at').nullable();
    });
  },
  async down(db: Knex) {
    for (const name of [
      'simulator_payments',
      'points_holds',
      'order_number_sequences',
      'payments',
      'coupon_redemptions',
      'order_status_history',
      'order_items',
      'orders',
      'coupons',
      'order_statuses',
    ]) {
      await db.schema.dropTableIfExists(name);
    }
  },
};

export default migration;
