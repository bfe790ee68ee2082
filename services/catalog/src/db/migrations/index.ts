import type { Migration } from '@shop/service-kit';
import catalogue from './0001_catalogue';
import searchSynonyms from './0002_search_synonyms';
import media from './0003_catalog_media';
import auditLog from './9001_catalog_audit_log';

/**
 * The catalog service's migrations (migration table knex_migrations_catalog), one file each, in
 * the order knex runs them. A released migration is never edited (databases that already ran it
 * would never see the edit) and its name, the key knex records, never changes: a change is a new
 * file with the next number, listed before the audit log's 9001. Each file carries its own table
 * definitions and SQL as of its release and imports no live service code, only types and
 * service-kit's dialect helpers.
 *
 * Knex runs what a database has not run yet in this order: the audit log (9001) ran with the
 * first release, 0002 and 0003 after it.
 */
export const migrations: readonly Migration[] = [catalogue, searchSynonyms, media, auditLog];
