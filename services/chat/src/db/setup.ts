import type { Knex } from 'knex';
import { dialectOf, migrateLatest } from '@shop/service-kit';
import { migrations } from './migrations';

export async function prepareChatDatabase(db: Knex): Promise<void> {
  await migrateLatest(db, 'chat', migrations);
}

/**
 * SQLite only: a conversation is written on every message, and with the WAL journal 'NORMAL'
 * syncs to disk at checkpoints instead of on every commit. A crash or restart of the service loses
 * nothing (the WAL is in the file); only a power cut could lose the last messages' state, which
 * for a chat is the right trade for a reply that does not wait on the disk.
 */
export async function tuneChatDatabase(db: Knex): Promise<void> {
  if (dialectOf(db) === 'sqlite') await db.raw('PRAGMA synchronous = NORMAL');
}
