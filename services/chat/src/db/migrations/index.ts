import type { Migration } from '@shop/service-kit';
import chatSessions from './0001_chat_sessions';

/**
 * The chat service's migrations (migration table knex_migrations_chat), one file each, in the
 * order knex runs them. A released migration is never edited (databases that already ran it would
 * never see the edit) and its name, the key knex records, never changes: a change is a new file
 * with the next number. Each file carries its own table definitions and SQL as of its release and
 * imports no live service code, only types and service-kit's dialect helpers.
 */
export const migrations: readonly Migration[] = [chatSessions];
