import Router from '@koa/router';
import { createLogger } from './logger';
import { createServiceApp } from './app';
import { listen, type RunningServer } from './server';
import { isDatabaseUnavailable } from './database-unavailable';

/** Errors as the drivers raise them when the database goes away mid-request (mysql2, knex's pool, better-sqlite3). */
const driverError = (message: string, fields: Record<string, unknown>): Error => Object.assign(new Error(message), fields);
const LOST = [
  driverError('connect ECONNREFUSED 127.0.0.1:3306', { code: 'ECONNREFUSED', errno: -111, fatal: true }),
  driverError('insert into `orders` (`x`) values (?) - Connection lost: The server closed the connection.', {
    code: 'PROTOCOL_CONNECTION_LOST',
    fatal: true,
  }),
  driverError('Too many connections', { code: 'ER_CON_COUNT_ERROR', errno: 1040 }),
  driverError('connect ETIMEDOUT', { code: 'ETIMEDOUT', fatal: true }),
  driverError('Knex: Timeout acquiring a connection. The pool is probably full. Are you missing a .transacting(trx) call?', {
    name: 'KnexTimeoutError',
  }),
  driverError("Can't add new command when connection is in closed state", {}),
  driverError('Connection was killed', { code: 'ER_CONNECTION_KILLED', errno: 1927 }),
  driverError('database is locked', { code: 'SQLITE_BUSY' }),
  driverError('wrapped', { cause: driverError('read ECONNRESET', { code: 'ECONNRESET' }) }),
];

describe('a database that drops mid-request', () => {
  it('recognises a lost, refused, full or locked database, and nothing else', () => {
    for (const error of LOST) expect([error.message, isDatabaseUnavailable(error)]).toEqual([error.message, true]);
    expect(isDatabaseUnavailable(new Error('database on fire'))).toBe(false);
    expect(isDatabaseUnavailable(driverError("Duplicate entry 'SH-1' for key 'order_number'", { code: 'ER_DUP_ENTRY', errno: 1062 }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(driverError('no such table: orders', { code: 'SQLITE_ERROR' }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  describe('every service answers it', () => {
    let server: RunningServer;
    let thrown: unknown;

    beforeAll(async () => {
      const app = createServiceApp({ name: 'orders', version: '1.0.0', logger: createLogger('test') });
      const router = new Router();
      router.post('/api/site/orders/store', () => {
        throw thrown;
      });
      app.use(router.routes());
      server = await listen(app, 0);
    });
    afterAll(() => server.close());

    it('with 503, Retry-After and the shop error shape naming the area, never a 500', async () => {
      for (const error of LOST) {
        thrown = error;
        const response = await fetch(`${server.url}/api/site/orders/store`, { method: 'POST' });
        expect([error.message, response.status, response.headers.get('retry-after')]).toEqual([error.message, 503, '5']);
        expect(await response.json()).toEqual({
          message: 'The checkout is unavailable right now. Please try again shortly.',
          area: 'checkout',
        });
      }
      thrown = new Error('database on fire');
      const bug = await fetch(`${server.url}/api/site/orders/store`, { method: 'POST' });
      expect(bug.status).toBe(500);
      expect(bug.headers.get('retry-after')).toBeNull();
    });
  });
});
