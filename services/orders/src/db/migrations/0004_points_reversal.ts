import type { Knex } from 'knex';
import type { Migration } from '@shop/service-kit';

/** Order status 6 as released; a copy so that a later change of the live statuses cannot change this migration. */
const CANCELLED = 6;

const migration: Migration = {
  name: '0004_points_reversal',
  /**
   * When the points a paid order credited were taken back after staff cancelled it (redeemed
   * points given back keep using points_refunded_at). The reconciler retries what is still owed.
   */
  async up(db: Knex) {
    await db.schema.alterTable('orders', (table) => {
      table.datetime('points_reversed_at').nullable();
    });
    // Orders cancelled before this rule kept their points: they are not taken back afterwards.
    await db('orders').where({ status_id: CANCELLED }).update({ points_reversed_at: db.fn.now() });
  },
  async down(db: Knex) {
    await db.schema.alterTable('orders', (table) => {
      table.dropColumn('points_reversed_at');
    });
  },
};

export default migration;
