import type { AccessRow } from '@shop/api-types';
import { createLogger } from '../logger';
import { createServiceApp, type ServiceState } from '../app';
import { listen, type RunningServer } from '../server';
import { testRequester } from '../testing';
import { accessRoutes, type CallerGuards } from './access-routes';
import { isLoopbackAddress, requireLoopbackDevelopment } from './caller-guards';
import { HttpError } from '../errors';

const TABLE: AccessRow[] = [
  { service: 'catalog', method: 'GET', path: '/api/site/things', caller: 'public' },
  { service: 'catalog', method: 'POST', path: '/api/admin/things/:id', caller: 'staff' },
  { service: 'catalog', method: 'GET', path: '/api/dev/things', caller: 'dev-loopback' },
  { service: 'orders', method: 'GET', path: '/api/orders', caller: 'customer' },
];

const staffOnly: CallerGuards<ServiceState> = {
  staff: async (ctx, next) => {
    if (ctx.get('authorization') !== 'Bearer staff') throw new HttpError(401, 'Unauthenticated.');
    await next();
  },
  'dev-loopback': requireLoopbackDevelopment(false),
};

describe('accessRoutes', () => {
  it('refuses to register a route the table does not list, naming it', () => {
    const routes = accessRoutes('catalog', staffOnly, TABLE);
    expect(() => routes.under('/api/site').get('/Things', async () => undefined)).toThrow(
      'The catalog service serves GET /api/site/Things, which the access table (@shop/api-types access.ts) does not list.',
    );
    // Another service's row is not this service's.
    expect(() => routes.under('').get('/api/orders', async () => undefined)).toThrow(/does not list/);
  });

  it('refuses to start while a row of the service has no handler', () => {
    const routes = accessRoutes('catalog', staffOnly, TABLE);
    routes.under('/api/site').get('/things', async () => undefined);
    expect(() => routes.mount(createServiceApp({ name: 'catalog', version: '1.0.0', logger: createLogger('catalog') }))).toThrow(
      'The catalog service has no handler for these rows of the access table: POST /api/admin/things/:id, GET /api/dev/things.',
    );
  });

  it('refuses a row whose kind of caller has no guard', () => {
    const routes = accessRoutes('orders', {}, TABLE);
    expect(() => routes.under('/api').get('/orders', async () => undefined)).toThrow(
      "The orders service has no guard for 'customer' callers (route GET /api/orders).",
    );
  });

  describe('served', () => {
    let server: RunningServer;
    let request: ReturnType<typeof testRequester>;
    const reached: string[] = [];

    beforeAll(async () => {
      const app = createServiceApp({ name: 'catalog', version: '1.0.0', logger: createLogger('catalog') });
      const routes = accessRoutes('catalog', staffOnly, TABLE);
      routes.under('/api/site').get('/things', (ctx) => {
        ctx.body = { things: [] };
      });
      const admin = routes.under('/api/admin');
      // Scope middleware runs after the guard: a refused caller never reaches it.
      admin.use(async (ctx, next) => {
        reached.push(`middleware ${ctx.path}`);
        await next();
      });
      admin.post('/things/:id', (ctx) => {
        reached.push(`handler ${ctx.path}`);
        ctx.body = { id: ctx.params.id };
      });
      routes.under('/api/dev').get('/things', (ctx) => {
        ctx.body = { dev: true };
      });
      routes.mount(app);
      server = await listen(app, 0);
      request = testRequester(server.url);
    });

    afterAll(async () => {
      await server.close();
    });

    it('puts the guard in front of the route and everything of its scope', async () => {
      expect((await request('GET', '/api/site/things')).status).toBe(200);
      expect((await request('HEAD', '/api/site/things')).status).toBe(200);
      const refused = await request('POST', '/api/admin/things/7');
      expect([refused.status, refused.body]).toEqual([401, { message: 'Unauthenticated.' }]);
      expect(reached).toEqual([]);
      const allowed = await request('POST', '/api/admin/things/7', { headers: { authorization: 'Bearer staff' } });
      expect([allowed.status, allowed.body]).toEqual([200, { id: '7' }]);
      expect(reached).toEqual(['middleware /api/admin/things/7', 'handler /api/admin/things/7']);
    });

    it("reads a JSON body only after the guard: a refused caller's body is never decoded", async () => {
      const refused = await request('POST', '/api/admin/things/7', { raw: '{not json' });
      expect([refused.status, refused.body]).toEqual([401, { message: 'Unauthenticated.' }]);
      const allowed = await request('POST', '/api/admin/things/7', { raw: '{not json', headers: { authorization: 'Bearer staff' } });
      expect([allowed.status, allowed.body]).toEqual([400, { message: 'The request body is not valid JSON.' }]);
    });

    it('matches case-sensitively and strictly: another spelling is not found', async () => {
      for (const spelling of [
        '/api/Admin/things/7',
        '/api/admin/things/7/',
        '/api//admin/things/7',
        '/api/%61dmin/things/7',
        '/API/site/things',
      ]) {
        const answer = await request('POST', spelling);
        expect([spelling, answer.status, answer.body]).toEqual([spelling, 404, { message: 'Not found.' }]);
      }
    });

    it('answers the development routes only to a caller on this machine', async () => {
      expect((await request('GET', '/api/dev/things')).status).toBe(200);
      expect((await request('GET', '/api/dev/things', { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(200);
      // Through the gateway (on this machine), the address it forwards is the caller's.
      const remote = await request('GET', '/api/dev/things', { headers: { 'x-forwarded-for': '192.168.1.20' } });
      expect([remote.status, remote.body]).toEqual([
        403,
        { message: 'The development outbox answers only on the machine the shop runs on.' },
      ]);
    });
  });
});

describe('requireLoopbackDevelopment', () => {
  const run = async (production: boolean, socket: string, forwarded = '') => {
    const ctx = { req: { socket: { remoteAddress: socket } }, get: (name: string) => (name === 'x-forwarded-for' ? forwarded : '') };
    let reached = false;
    try {
      await requireLoopbackDevelopment(production)(ctx as never, async () => {
        reached = true;
      });
      return reached ? 'reached' : 'stopped';
    } catch (error) {
      return (error as HttpError).status;
    }
  };

  it('is absent in production and refuses a socket from another machine, whatever it claims', async () => {
    expect(await run(true, '127.0.0.1')).toBe(404);
    expect(await run(false, '10.0.0.5')).toBe(403);
    expect(await run(false, '10.0.0.5', '127.0.0.1')).toBe(403);
    expect(await run(false, '::ffff:192.168.1.4')).toBe(403);
    expect(await run(false, '::1')).toBe('reached');
    expect(await run(false, '::ffff:127.0.0.1', '127.0.0.1')).toBe('reached');
    expect(await run(false, '127.0.0.1', '203.0.113.9')).toBe(403);
  });

  it('knows the loopback addresses', () => {
    expect(['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1'].map(isLoopbackAddress)).toEqual([true, true, true, true]);
    expect(['10.0.0.1', '::2', '', 'localhost', '::ffff:10.0.0.1', '1270.0.0.1'].map(isLoopbackAddress)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
