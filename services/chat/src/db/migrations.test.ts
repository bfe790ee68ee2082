import { expectOneByOneLikeFresh } from '@shop/service-kit/migration-testing';
import { testDatabases } from '@shop/service-kit/testing';
import { migrations } from './migrations';

/** The names in knex_migrations_chat of databases migrated before this layout: they never change. */
const RELEASED = ['0001_chat_sessions'];
const TABLES = ['chat_messages', 'chat_sessions'];

describe.each(testDatabases('chat-migrations'))('chat migrations on $dialect', (database) => {
  it('keep the names earlier releases recorded, and migrated one at a time end with the schema of a fresh database', async () => {
    await expectOneByOneLikeFresh(database, 'chat', migrations, { names: RELEASED, tables: TABLES });
  }, 60_000);
});
