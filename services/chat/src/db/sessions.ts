import type { Knex } from 'knex';
import type { ChatStep } from '@shop/api-types';
import { count, dialectOf, sqlTimestamp } from '@shop/service-kit';

/** What the assistant remembers of a conversation between messages. */
export interface ConversationState {
  countyId?: number;
  subCountyId?: number;
  /** Ids of the products last shown, so 'add it' or 'the second one' can refer to them. */
  lastProducts?: number[];
  /** The unpaid order placed in this conversation: paid again (a new attempt on it) until it is paid, replaced or cancelled. */
  order?: ConversationOrder;
  /** The cart as last answered, used when a message comes without frontend_cart; the unit price told, to say when it changes. */
  cart?: Array<{ id: number; quantity: number; unit_cents?: number }>;
  /** The shopper agreed to the terms and conditions for this purchase (asked again once it is paid). */
  termsAccepted?: boolean;
  /** The language the conversation is answered in (engine/language.ts): the shopper's, kept for short replies. */
  language?: 'en' | 'sw';
}

export interface ConversationOrder {
  id: number;
  order_number: string;
  total_amount: number;
  payment_url: string | null;
  /**
   * The order's payment key (the orders service keeps only its hash): what lets this conversation
   * pay the order again or abandon it. Also given, with the payment page, to the browser whose
   * conversation this is (ChatCheckout.payment_key), as orders/store gives it to the checkout: its
   * /failed page pays the same order again from any tab, where this conversation may be gone.
   */
  payment_key?: string;
  /** The cart the order was placed for: another cart is another order, which replaces this one. */
  cart?: Array<{ id: number; quantity: number }>;
}

export interface TranscriptEntry {
  role: 'shopper' | 'assistant';
  text: string;
  at: string;
}

export interface Conversation {
  id: string;
  step: ChatStep;
  state: ConversationState;
  messages: number;
  createdAt: string | null;
}

interface SessionRow {
  id: string;
  step: string;
  state: string;
  messages: number | string;
  created_at: Date | string;
}

const STEPS: readonly ChatStep[] = ['browsing', 'terms', 'county', 'subcounty', 'address', 'payment'];
/** Each message is kept up to this length. */
const TRANSCRIPT_TEXT_MAX = 2000;

function parse<T>(text: string, fallback: T, accept: (value: unknown) => boolean): T {
  try {
    const value = JSON.parse(text) as unknown;
    return accept(value) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the repository uses of a better-sqlite3 connection (the one knex's SQLite pool holds). */
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
  transaction<A extends unknown[]>(run: (...args: A) => void): (...args: A) => void;
}

interface SqliteStatement {
  get(...parameters: unknown[]): unknown;
  run(...parameters: unknown[]): unknown;
}

/** The three statements of a message, prepared once per connection (SQLite only). */
interface SqliteStatements {
  load: SqliteStatement;
  save: (conversation: SessionRowToWrite, exchange: { shopper: string; assistant: string }) => void;
}

interface SessionRowToWrite {
  id: string;
  step: string;
  state: string;
  messages: number;
  created_at: string;
  updated_at: string;
}

const LOAD_SQL = 'select id, step, state, messages, created_at from chat_sessions where id = ? limit 1';
const INSERT_EXCHANGE_SQL = 'insert into chat_messages (session_id, role, text, created_at) values (?, ?, ?, ?), (?, ?, ?, ?)';
const UPSERT_SESSION_SQL =
  'insert into chat_sessions (id, step, state, messages, created_at, updated_at) values (?, ?, ?, ?, ?, ?) ' +
  'on conflict (id) do update set step = excluded.step, state = excluded.state, messages = excluded.messages, updated_at = excluded.updated_at';

/**
 * Conversations in the chat service's own tables: one read when a message arrives; with the answer,
 * both sides appended to the transcript and the conversation's small row upserted.
 *
 * On SQLite these run as statements prepared once on knex's one connection, the two writes in one
 * transaction (one commit, one WAL append): through knex's query builder each message cost about
 * 0.4 ms of CPU compiling SQL and preparing statements, the most expensive part of a reply. MySQL
 * goes through knex (no transaction: a crash between the two leaves a transcript line whose state
 * was not saved, nothing worse).
 */
export class SessionsRepository {
  private readonly sqlite: boolean;
  private readonly prepared = new WeakMap<object, SqliteStatements>();

  constructor(private readonly db: Knex) {
    this.sqlite = dialectOf(db) === 'sqlite';
  }

  /** The stored conversation, or a new one (not yet written) for an id never seen. */
  async load(id: string): Promise<Conversation> {
    const row: SessionRow | undefined = this.sqlite
      ? await this.withStatements((statements) => statements.load.get(id) as SessionRow | undefined)
      : await this.db('chat_sessions').where({ id }).first('id', 'step', 'state', 'messages', 'created_at');
    if (!row) return { id, step: 'browsing', state: {}, messages: 0, createdAt: null };
    return {
      id: row.id,
      step: STEPS.includes(row.step as ChatStep) ? (row.step as ChatStep) : 'browsing',
      state: parse<ConversationState>(row.state, {}, isObject),
      messages: count(row.messages),
      createdAt: row.created_at instanceof Date ? sqlTimestamp(row.created_at) : String(row.created_at),
    };
  }

  /** Appends both sides of the exchange to the transcript and writes where the conversation stands. */
  async save(conversation: Conversation, exchange: { shopper: string; assistant: string }, now = new Date()): Promise<void> {
    const at = sqlTimestamp(now);
    const shopper = exchange.shopper.slice(0, TRANSCRIPT_TEXT_MAX);
    const assistant = exchange.assistant.slice(0, TRANSCRIPT_TEXT_MAX);
    const row: SessionRowToWrite = {
      id: conversation.id,
      step: conversation.step,
      state: JSON.stringify(conversation.state),
      messages: conversation.messages + 1,
      created_at: conversation.createdAt ?? at,
      updated_at: at,
    };
    if (this.sqlite) {
      await this.withStatements((statements) => statements.save(row, { shopper, assistant }));
      return;
    }
    await this.db('chat_messages').insert([
      { session_id: conversation.id, role: 'shopper', text: shopper, created_at: at },
      { session_id: conversation.id, role: 'assistant', text: assistant, created_at: at },
    ]);
    await this.db('chat_sessions').insert(row).onConflict('id').merge(['step', 'state', 'messages', 'updated_at']);
  }

  /**
   * Runs synchronous statements on knex's SQLite connection, taken from its pool (of one) like any
   * knex query, so they never run inside another caller's transaction.
   */
  private async withStatements<T>(run: (statements: SqliteStatements) => T): Promise<T> {
    const connection = (await this.db.client.acquireConnection()) as SqliteConnection;
    try {
      let statements = this.prepared.get(connection);
      if (!statements) {
        statements = prepare(connection);
        this.prepared.set(connection, statements);
      }
      return run(statements);
    } finally {
      await this.db.client.releaseConnection(connection);
    }
  }

  /** The transcript, oldest first. */
  async transcript(id: string): Promise<TranscriptEntry[]> {
    const rows: Array<{ role: TranscriptEntry['role']; text: string; created_at: Date | string }> = await this.db('chat_messages')
      .where({ session_id: id })
      .orderBy('id')
      .select('role', 'text', 'created_at');
    return rows.map((row) => ({
      role: row.role,
      text: row.text,
      at: row.created_at instanceof Date ? sqlTimestamp(row.created_at) : String(row.created_at),
    }));
  }

  /** Deletes conversations untouched for `days` days, with their transcripts; answers how many. */
  async prune(days: number, now = new Date()): Promise<number> {
    const cutoff = sqlTimestamp(new Date(now.getTime() - days * 86_400_000));
    await this.db('chat_messages')
      .whereIn('session_id', this.db('chat_sessions').where('updated_at', '<', cutoff).select('id'))
      .delete();
    return this.db('chat_sessions').where('updated_at', '<', cutoff).delete();
  }
}

function prepare(connection: SqliteConnection): SqliteStatements {
  const insertExchange = connection.prepare(INSERT_EXCHANGE_SQL);
  const upsertSession = connection.prepare(UPSERT_SESSION_SQL);
  return {
    load: connection.prepare(LOAD_SQL),
    save: connection.transaction((row: SessionRowToWrite, exchange: { shopper: string; assistant: string }) => {
      insertExchange.run(row.id, 'shopper', exchange.shopper, row.updated_at, row.id, 'assistant', exchange.assistant, row.updated_at);
      upsertSession.run(row.id, row.step, row.state, row.messages, row.created_at, row.updated_at);
    }),
  };
}
