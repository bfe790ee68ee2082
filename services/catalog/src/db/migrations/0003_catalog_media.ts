import type { Knex } from 'knex';
import { dialectOf, type Migration } from '@shop/service-kit';

/**
 * Staff-uploaded product images, kept in the database instead of on one replica's disk: every
 * replica (and every machine of a swarm) serves the same pictures, and the backup holds them.
 * The name is the picture's content hash (admin/images.ts), so a row is never changed, only added.
 */
const migration: Migration = {
  name: '0003_catalog_media',
  async up(db: Knex) {
    await db.schema.createTable('catalog_media', (columns) => {
      columns.string('name', 100).primary();
      columns.string('content_type', 60).notNullable();
      columns.string('etag', 80).notNullable();
      columns.integer('byte_size').notNullable();
      // MySQL's plain BLOB stops at 64 KB; MEDIUMBLOB holds 16 MB (uploads are at most 2 MB).
      if (dialectOf(db) === 'mysql') columns.specificType('bytes', 'mediumblob').notNullable();
      else columns.binary('bytes').notNullable();
      columns.timestamp('created_at').notNullable();
    });
  },
  async down(db: Knex) {
    await db.schema.dropTable('catalog_media');
  },
};

export default migration;
