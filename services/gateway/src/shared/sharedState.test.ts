import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { createLogger, listen, type RunningServer } from '@shop/service-kit';
import { createGateway } from '../app';
import { loadGatewayConfig } from '../config';
import { connectSharedState, type SharedState } from './sharedState';

/**
 * Two gateways sharing one Redis (REDIS_TEST_URL, by default the one CI starts on 127.0.0.1:6379):
 * one count for the limits, staff changes seen through both, and a Redis outage that refuses no one.
 */
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const logger = createLogger('gateway');

interface Answer {
  status: number;
  body: string;
}

function call(url: string, method = 'GET', body?: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers: { 'content-type': 'application/json', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

interface StandIn {
  url: string;
  seen: string[];
  close(): Promise<void>;
}

/** A stand-in catalogue and sign-in: a product whose price staff change; every request counted. */
async function startService(): Promise<StandIn> {
  const seen: string[] = [];
  let price = 100;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} ${Buffer.concat(chunks).toString('utf8')}`);
      res.setHeader('content-type', 'application/json');
      if (req.method === 'PUT' && req.url === '/api/admin/products/1') {
        price = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { price: number }).price;
        return void res.end('{"saved":true}');
      }
      if (req.url === '/api/site/products/view/unga') {
        res.setHeader('cache-control', 'public, max-age=60');
        return void res.end(JSON.stringify({ price }));
      }
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url, seen, close };
}

describe('gateways sharing Redis', () => {
  let service: StandIn;
  const started: Array<{ gateway: RunningServer; shared: SharedState }> = [];
  beforeAll(async () => {
    service = await startService();
  });
  afterEach(async () => {
    for (const { gateway, shared } of started.splice(0)) {
      await gateway.close();
      await shared.close();
    }
  });
  afterAll(async () => service.close());

  /** A gateway of its own on a free port; `redisUrl` unreachable to play an outage. */
  const startGateway = async (env: Record<string, string>, redisUrl = REDIS_URL) => {
    const config = loadGatewayConfig({
      CATALOG_URL: service.url,
      CUSTOMERS_URL: service.url,
      GATEWAY_METRICS_PORT: 'off',
      REDIS_URL: redisUrl,
      ...env,
    });
    const shared = connectSharedState(
      config.redisUrl!,
      config.upstreams.map((route) => route.area),
      logger,
    );
    const gateway = await listen(createGateway(config, logger, shared), 0, '127.0.0.1');
    if (redisUrl === REDIS_URL) await shared.ready();
    started.push({ gateway, shared });
    return gateway;
  };

  it('counts a sign-in limit once across the gateways', async () => {
    // A fresh address each run, so counts of an earlier run in the same window do not add up.
    const address = `10.${randomBytes(3).join('.')}`;
    const env = { GATEWAY_RATE_LIMIT_LOGIN: '4', GATEWAY_TRUSTED_PROXIES: '127.0.0.1' };
    const [a, b] = [await startGateway(env), await startGateway(env)];
    const signIn = (gateway: RunningServer) => call(`${gateway.url}/api/login`, 'POST', '{}', { 'x-forwarded-for': address });
    const statuses = [];
    for (const gateway of [a, b, a, b, a, b]) statuses.push((await signIn(gateway)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('shows a staff change made through one gateway through the other at once', async () => {
    const [a, b] = [await startGateway({}), await startGateway({})];
    const product = (gateway: RunningServer) => call(`${gateway.url}/api/site/products/view/unga`);
    await call(`${a.url}/api/admin/products/1`, 'PUT', '{"price":100}');
    expect(JSON.parse((await product(b)).body)).toEqual({ price: 100 });
    const asked = service.seen.length;
    expect(JSON.parse((await product(b)).body)).toEqual({ price: 100 });
    expect(service.seen).toHaveLength(asked); // kept by gateway B

    expect((await call(`${a.url}/api/admin/products/1`, 'PUT', '{"price":150}')).status).toBe(200);
    expect(JSON.parse((await product(b)).body)).toEqual({ price: 150 });
  });

  it('refuses no one while Redis is unreachable: each gateway counts alone', async () => {
    const env = { GATEWAY_RATE_LIMIT_LOGIN: '2' };
    const alone = await startGateway(env, 'redis://127.0.0.1:9');
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt += 1) statuses.push((await call(`${alone.url}/api/login`, 'POST', '{}')).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await call(`${alone.url}/api/site/products/view/unga`)).status).toBe(200);
    expect((await call(`${alone.url}/api/admin/products/1`, 'PUT', '{"price":90}')).status).toBe(200);
  });
});
