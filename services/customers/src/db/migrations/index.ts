import type { Migration } from '@shop/service-kit';
import customers from './0001_customers';
import loginThrottleDelays from './0002_login_throttle_delays';
import auditLog from './9001_customers_audit_log';

/**
 * The customers service's migrations (migration table knex_migrations_customers), one file each,
 * in the order knex runs them. A released migration is never edited (databases that already ran it
 * would never see the edit) and its name, the key knex records, never changes: a change is a new
 * file with the next number, listed before the audit log's 9001. Each file carries its own table
 * definitions and SQL as of its release and imports no live service code, only types and
 * service-kit's dialect helpers.
 */
export const migrations: readonly Migration[] = [customers, loginThrottleDelays, auditLog];
