/**
 * Whether an error means the database could not be reached or dropped the connection (as opposed
 * to a bug or a refused statement). When MySQL/MariaDB goes away mid-request the driver raises
 * these for the requests in flight and the ones that try to connect in the first moments, before
 * anything else notices; every service answers them with 503 and Retry-After (see app.ts) instead
 * of a 500, so the shopper is told to try again in a moment. The transaction of such a request
 * never committed: the database rolls back a transaction whose connection is gone.
 */

/** Node and mysql2 error codes for a connection that could not be made, was refused or was lost. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  // The server refuses new connections (max_connections), is shutting down, or killed this connection.
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'ER_QUERY_INTERRUPTED',
  'ER_NET_READ_ERROR',
  'ER_NET_READ_INTERRUPTED',
  'ER_NET_ERROR_ON_WRITE',
  'ER_NET_WRITE_INTERRUPTED',
  // SQLite: another writer held the file longer than busy_timeout.
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
]);

/** Messages without a code: knex's pool (no connection came free in time) and mysql2 on a closed connection. */
const CONNECTION_MESSAGES = [
  /^Knex: Timeout acquiring a connection/,
  /Connection lost/i,
  /Can't add new command when connection is in closed state/,
  /connection is in closed state/i,
  /database is locked/i,
];

interface ErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  fatal?: unknown;
  cause?: unknown;
}

/** Looks through the error and what it wraps (knex and the one-trip writer keep the driver's error as it is, others as `cause`). */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, name, message, fatal, cause } = error as ErrorLike;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  if (name === 'KnexTimeoutError') return true;
  // mysql2 marks every error after which the connection is unusable as fatal.
  if (fatal === true && typeof code === 'string' && !code.startsWith('ER_PARSE')) return true;
  if (typeof message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** Seconds a client waits before trying again: long enough for a restarted database or a freed pool, short enough for a shopper. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
