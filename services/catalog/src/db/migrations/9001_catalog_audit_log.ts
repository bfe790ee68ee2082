import type { Knex } from 'knex';
import type { Migration } from '@shop/service-kit';

/**
 * The audit table (staff changes, written and read by service-kit's auditLog('catalog')) as
 * service-kit defined it when this migration was released.
 */
const migration: Migration = {
  name: '9001_catalog_audit_log',
  async up(db: Knex) {
    await db.schema.createTable('catalog_audit_log', (columns) => {
      columns.increments('id');
      columns.integer('actor_id').notNullable();
      columns.string('actor_name', 130).notNullable();
      columns.string('action', 60).notNullable();
      columns.string('entity', 40).notNullable();
      columns.integer('entity_id').nullable();
      columns.string('summary', 500).notNullable();
      columns.timestamp('created_at').notNullable();
      columns.index(['created_at'], 'catalog_audit_log_created_idx');
    });
  },
  async down(db: Knex) {
    await db.schema.dropTable('catalog_audit_log');
  },
};

export default migration;
