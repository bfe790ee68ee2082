import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AdminVersionsResponse } from '@shop/api-types';
import { createLogger, listen, type RunningServer } from '@shop/service-kit';
import packageJson from '../../package.json';
import { createGateway } from '../app';
import { loadGatewayConfig } from '../config';

const STAFF_TOKEN = 's'.repeat(43);
const CUSTOMER_TOKEN = 'c'.repeat(43);

/** A stand-in for a service or a remote's origin: answers each path from a table, JSON. */
function startStandIn(answers: Record<string, (req: http.IncomingMessage) => [number, unknown]>): Promise<RunningServer> {
  const server = http.createServer((req, res) => {
    const answer = answers[req.url ?? ''];
    const [status, body] = answer ? answer(req) : [404, { message: 'Not found.' }];
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({
        server,
        port,
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    }),
  );
}

const introspection = (req: http.IncomingMessage): [number, unknown] => {
  const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  if (req.headers['x-internal-secret'] !== 'test-secret') return [403, { message: 'A valid x-internal-secret header is required.' }];
  if (token !== STAFF_TOKEN && token !== CUSTOMER_TOKEN) return [401, { message: 'Unauthenticated.' }];
  const kind = token === STAFF_TOKEN ? 'staff' : 'customer';
  return [
    200,
    { account_id: 1, kind, first_name: 'Wanjiru', last_name: 'K', email: 'w@example.com', phone: null, expires_at: '2099-01-01T00:00:00Z' },
  ];
};

describe('live versions', () => {
  const standIns: RunningServer[] = [];
  let gateway: RunningServer;
  let unconfigured: RunningServer;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
    const customers = await startStandIn({
      '/healthz': () => [200, { status: 'ok', service: 'customers', version: '1.4.0' }],
      '/internal/tokens/introspect': introspection,
    });
    const catalog = await startStandIn({ '/healthz': () => [200, { status: 'ok', service: 'catalog', version: '2.0.1' }] });
    const cdn = await startStandIn({
      '/mf-catalog/mf-manifest.json': () => [200, { id: 'mf_catalog', metaData: { buildInfo: { buildVersion: '3.1.0' } } }],
    });
    standIns.push(customers, catalog, cdn);
    const env = {
      CATALOG_URL: catalog.url,
      CUSTOMERS_URL: customers.url,
      // Nothing listens on port 9 (discard): the orders and chat services are down.
      ORDERS_URL: 'http://127.0.0.1:9',
      CHAT_URL: 'http://127.0.0.1:9',
      SHELL_DIST_DIR: dist,
      REMOTE_MF_CATALOG_URL: `${cdn.url}/mf-catalog/mf-manifest.json`,
      REMOTE_MF_CHECKOUT_URL: 'http://127.0.0.1:9/mf-manifest.json',
      INTERNAL_SECRET: 'test-secret',
    };
    gateway = await listen(createGateway(loadGatewayConfig(env), createLogger('gateway')), 0);
    unconfigured = await listen(
      createGateway(loadGatewayConfig({ ...env, NODE_ENV: 'production', INTERNAL_SECRET: '' }), createLogger('gateway')),
      0,
    );
  });

  afterAll(async () => {
    await Promise.all([gateway.close(), unconfigured.close(), ...standIns.map((standIn) => standIn.close())]);
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const versions = (token?: string, init: RequestInit = {}) =>
    fetch(`${gateway.url}/api/admin/versions`, { ...init, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it("names the gateway's release on its /healthz", async () => {
    expect(await (await fetch(`${gateway.url}/healthz`)).json()).toEqual({
      status: 'ok',
      service: 'gateway',
      version: packageJson.version,
    });
  });

  it("names each remote's release in /remotes.json once its manifest has been read", async () => {
    const catalogRemote = async () => {
      const { remotes } = (await (await fetch(`${gateway.url}/remotes.json`)).json()) as {
        remotes: Array<{ name: string; version?: string }>;
      };
      return remotes.find((remote) => remote.name === 'mf_catalog');
    };
    // The first answer never waits on a remote; the version follows as soon as the manifest is read.
    for (let attempt = 0; attempt < 50 && !(await catalogRemote())?.version; attempt += 1) await new Promise((r) => setTimeout(r, 20));
    expect(await catalogRemote()).toMatchObject({ name: 'mf_catalog', version: '3.1.0' });
  });

  it('shows staff every area: live services and remotes with their versions, the unreachable ones marked', async () => {
    const response = await versions(STAFF_TOKEN);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as AdminVersionsResponse;
    expect(body.services).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ service: 'gateway', status: 'ok', version: packageJson.version }),
        expect.objectContaining({ service: 'catalog', area: 'catalogue', status: 'ok', version: '2.0.1' }),
        expect.objectContaining({ service: 'customers', status: 'ok', version: '1.4.0' }),
        expect.objectContaining({ area: 'checkout', status: 'unreachable', version: null }),
      ]),
    );
    expect(body.remotes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'mf_catalog', status: 'ok', version: '3.1.0' }),
        expect.objectContaining({ name: 'mf_checkout', status: 'unreachable', version: null }),
      ]),
    );
  });

  it('refuses anyone but staff', async () => {
    expect((await versions()).status).toBe(401);
    expect((await versions('x'.repeat(43))).status).toBe(401);
    const customer = await versions(CUSTOMER_TOKEN);
    expect(customer.status).toBe(403);
    expect(await customer.json()).toHaveProperty('message');
    expect((await versions(STAFF_TOKEN, { method: 'POST' })).status).toBe(405);
  });

  it('answers 503 with a reason when the gateway has no INTERNAL_SECRET to check sign-ins with', async () => {
    const response = await fetch(`${unconfigured.url}/api/admin/versions`, { headers: { authorization: `Bearer ${STAFF_TOKEN}` } });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { message: string }).message).toMatch(/INTERNAL_SECRET/);
  });

  it("routes each area's OpenAPI document, /api/docs/<area>, to the service that publishes it", () => {
    const routeOf = (path: string) => loadGatewayConfig({}).upstreams.find((route) => route.prefixes.includes(path))?.area;
    expect(['catalog', 'customers', 'orders', 'chat'].map((area) => routeOf(`/api/docs/${area}`))).toEqual([
      'catalogue',
      'account service',
      'checkout',
      'shopping assistant',
    ]);
  });
});
