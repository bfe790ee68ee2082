import type { Knex } from 'knex';
import type { Migration } from '@shop/service-kit';

/**
 * The assistant's tables (migration table knex_migrations_chat): one small row per conversation
 * with where it stands, and its transcript appended to beside it, so a message costs one read and
 * two small writes. Times are DATETIME in UTC ('YYYY-MM-DD HH:MM:SS').
 */
const migration: Migration = {
  name: '0001_chat_sessions',
  async up(db: Knex) {
    await db.schema.createTable('chat_sessions', (table) => {
      /** Chosen by the widget (a UUID); see SESSION_ID_PATTERN. */
      table.string('id', 64).primary();
      /** ChatStep: browsing, county, subcounty, address, payment. */
      table.string('step', 16).notNullable();
      /** ConversationState as JSON (chosen county, sub-county, last products shown, the cart, the order placed). */
      table.text('state').notNullable();
      table.integer('messages').unsigned().notNullable().defaultTo(0);
      table.timestamp('created_at').notNullable();
      table.timestamp('updated_at').notNullable();
      table.index(['updated_at'], 'chat_sessions_updated_idx');
    });
    await db.schema.createTable('chat_messages', (table) => {
      table.bigIncrements('id');
      table.string('session_id', 64).notNullable();
      /** 'shopper' or 'assistant'. */
      table.string('role', 10).notNullable();
      table.text('text').notNullable();
      table.timestamp('created_at').notNullable();
      table.index(['session_id', 'id'], 'chat_messages_session_idx');
    });
  },
  async down(db: Knex) {
    await db.schema.dropTable('chat_messages');
    await db.schema.dropTable('chat_sessions');
  },
};

export default migration;
