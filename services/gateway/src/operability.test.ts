import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Router from '@koa/router';
import { createLogger, createServiceApp, listen, processMetrics, type RunningServer } from '@shop/service-kit';
import { createGateway } from './app';
import { loadGatewayConfig } from './config';
import { parseTrustedProxies } from './clientAddress/trustedProxies';
import { startMetricsServer } from './metricsServer';

/** Log lines as the JSON objects pino wrote. */
function captureLogs(): { lines: Array<Record<string, unknown>>; stream: Writable } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A raw HTTP call, optionally from another loopback address (another shopper) or with a chunked body. */
function call(
  url: string,
  options: { method?: string; localAddress?: string; body?: string; chunked?: boolean; headers?: Record<string, string> } = {},
): Promise<Answer> {
  // The path exactly as written: new URL() would resolve '..' segments before they are sent.
  const [, origin = '', rawPath = '/'] = /^(https?:\/\/[^/]+)(.*)$/.exec(url) ?? [];
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    // agent: false sends "Connection: close", the hardest case for keep-alive to the services.
    const request = http.request(
      {
        hostname,
        port,
        path: rawPath,
        method: options.method ?? 'GET',
        localAddress: options.localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', ...options.headers },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on('error', reject);
    if (options.chunked && options.body) {
      // No content-length: the body arrives in pieces, as an upload from a browser stream would.
      for (let at = 0; at < options.body.length; at += 1000) request.write(options.body.slice(at, at + 1000));
      request.end();
    } else request.end(options.body);
  });
}

const previousLevel = process.env.LOG_LEVEL;
beforeAll(() => {
  process.env.LOG_LEVEL = 'info';
});
afterAll(() => {
  if (previousLevel === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = previousLevel;
});

describe('gateway in front of a real service', () => {
  const serviceLogs = captureLogs();
  const gatewayLogs = captureLogs();
  let service: RunningServer;
  let gateway: RunningServer;
  let behindProxy: RunningServer;
  let connections = 0;
  /** What reached the stand-in service: method and URL as it arrived. */
  const calls: string[] = [];
  const remotesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-remotes-')), 'remotes.json');

  beforeAll(async () => {
    const app = createServiceApp({ name: 'catalog', version: '1.0.0', logger: createLogger('catalog', serviceLogs.stream) });
    const router = new Router();
    router.get('/api/site/products', (ctx) => {
      ctx.body = { seen: ctx.get('x-request-id') };
    });
    router.post('/api/login', (ctx) => {
      ctx.body = { token: 'x' };
    });
    router.post('/api/admin/session', (ctx) => {
      ctx.body = { name: 'Staff' };
    });
    router.post('/api/forgot-password', (ctx) => {
      ctx.body = { message: 'sent' };
    });
    router.post('/api/site/orders/store', (ctx) => {
      ctx.status = 201;
      ctx.body = { data: { id: 1 }, length: JSON.stringify(ctx.request.body).length };
    });
    router.post('/api/site/register', (ctx) => {
      ctx.status = 201;
      ctx.body = { forwardedFor: ctx.get('x-forwarded-for') };
    });
    router.get('/api/site/coupons/check/:code/:email', (ctx) => {
      ctx.body = { valid: false };
    });
    router.post('/api/site/coupons/redeem', (ctx) => {
      ctx.body = { valid: false };
    });
    router.post('/api/site/v1/dpo/pay', (ctx) => {
      ctx.body = { redirect_url: '/pay' };
    });
    router.post('/api/site/v1/push', (ctx) => {
      ctx.body = { sent: true };
    });
    app.use(async (ctx, next) => {
      calls.push(`${ctx.method} ${ctx.url}`);
      await next();
    });
    app.use(router.routes());
    service = await listen(app, 0);
    service.server.on('connection', () => (connections += 1));
    const config = loadGatewayConfig({
      CATALOG_URL: service.url,
      CUSTOMERS_URL: service.url,
      ORDERS_URL: service.url,
      GATEWAY_RATE_LIMIT_LOGIN: '3',
      GATEWAY_RATE_LIMIT_PASSWORD_RESET: '2',
      GATEWAY_RATE_LIMIT_ORDERS: '2',
      GATEWAY_RATE_LIMIT_REGISTRATION: '2',
      GATEWAY_RATE_LIMIT_COUPONS: '3',
      GATEWAY_RATE_LIMIT_PAYMENTS: '2',
      GATEWAY_RATE_LIMIT_STK_PUSH: '2',
      GATEWAY_RATE_LIMIT_WINDOW_SECONDS: '2',
      GATEWAY_BODY_LIMIT_BYTES: '5000',
      REMOTE_MF_CATALOG_URL: 'http://127.0.0.1:3001/mf-manifest.json',
      GATEWAY_REMOTES_FILE: remotesFile,
    });
    gateway = await listen(createGateway(config, createLogger('gateway', gatewayLogs.stream)), 0);
    // The same shop behind a TLS proxy at 127.0.0.8 (a load balancer appending X-Forwarded-For).
    behindProxy = await listen(
      createGateway({ ...config, trustedProxies: parseTrustedProxies('127.0.0.8') }, createLogger('gateway', gatewayLogs.stream)),
      0,
    );
  });

  afterAll(async () => {
    await behindProxy.close();
    await gateway.close();
    await service.close();
    fs.rmSync(path.dirname(remotesFile), { recursive: true, force: true });
  });

  it('makes one request id that the gateway, the service and the answer all carry', async () => {
    const answer = await call(`${gateway.url}/api/site/products`, { headers: { 'x-request-id': 'forged-by-client' } });
    const requestId = answer.headers['x-request-id'] as string;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(answer.body)).toEqual({ seen: requestId });
    expect(gatewayLogs.lines).toContainEqual(
      expect.objectContaining({ service: 'gateway', msg: 'request', reqId: requestId, url: '/api/site/products', status: 200 }),
    );
    expect(serviceLogs.lines).toContainEqual(
      expect.objectContaining({ service: 'catalog', msg: 'request', reqId: requestId, url: '/api/site/products', status: 200 }),
    );
    expect(JSON.stringify(serviceLogs.lines)).not.toContain('forged-by-client');
  });

  it('keeps its connections to the services open between requests', async () => {
    const before = connections;
    for (let index = 0; index < 5; index += 1) expect((await call(`${gateway.url}/api/site/products`)).status).toBe(200);
    expect(connections - before).toBeLessThanOrEqual(1);
  });

  it("never exposes the services' metrics, health or internal routes", async () => {
    expect((await call(`${service.url}/metrics`)).status).toBe(200);
    for (const privatePath of ['/metrics', '/readyz', '/internal/products/lookup', '/metrics/']) {
      const answer = await call(`${gateway.url}${privatePath}`);
      expect([privatePath, answer.status, JSON.parse(answer.body)]).toEqual([privatePath, 404, { message: 'Not found.' }]);
    }
    // Dot segments and escaped slashes: an API path spelled another way is not found (404), any other path is refused (400).
    for (const [sneaky, status] of [
      ['/api/site/products/../../metrics', 404],
      ['/api/site/products/%2e%2e/%2e%2e/metrics', 404],
      ['/api/site/products%2f..%2f..%2fmetrics', 404],
      ['/shop/../../metrics', 400],
    ] as const) {
      expect([sneaky, (await call(`${gateway.url}${sneaky}`)).status]).toEqual([sneaky, status]);
    }
  });

  it('limits logins per address with a 429, a clear message and Retry-After, then lets the address in again', async () => {
    const login = (localAddress?: string) => call(`${gateway.url}/api/login`, { method: 'POST', body: '{}', localAddress });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await login()).status).toBe(200);
    const refused = await login();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(2);
    expect(refused.headers['content-type']).toContain('application/json');
    expect(JSON.parse(refused.body)).toMatchObject({
      message: expect.stringMatching(/^Too many sign-in attempts from your network\. Please wait \d seconds? and try again\.$/),
    });
    // The back office's sign-in counts with the shop's: neither is a way round the other's limit.
    expect((await call(`${gateway.url}/api/admin/session`, { method: 'POST', body: '{}' })).status).toBe(429);
    // Another shopper (another address) is not affected, nor are other calls from this one.
    expect((await login('127.0.0.2')).status).toBe(200);
    expect((await call(`${gateway.url}/api/site/products`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await login()).status).toBe(200);
  });

  it('limits password resets and order creation the same way', async () => {
    const reset = () => call(`${gateway.url}/api/forgot-password`, { method: 'POST', body: '{}', localAddress: '127.0.0.3' });
    expect([(await reset()).status, (await reset()).status]).toEqual([200, 200]);
    const tooMany = await reset();
    expect(tooMany.status).toBe(429);
    expect(JSON.parse(tooMany.body).message).toMatch(/^Too many password reset requests from your network/);

    const order = () => call(`${gateway.url}/api/site/orders/store`, { method: 'POST', body: '{}', localAddress: '127.0.0.4' });
    expect([(await order()).status, (await order()).status]).toEqual([201, 201]);
    const refused = await order();
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).message).toMatch(/^Too many orders from your network/);
  });

  it('answers any other spelling of an API path 404 before choosing a service: case, escapes, dot segments, doubled or trailing slashes', async () => {
    const order = (spelling: string) => call(`${gateway.url}${spelling}`, { method: 'POST', body: '{}', localAddress: '127.0.0.10' });
    const before = calls.length;
    for (const spelling of [
      '/api/site/orders/Store',
      '/api/site//orders/store',
      '/api/site/orders/store/',
      '/api/site/orders/STORE',
      '/api/site/orders/%73tore',
      '/API/site/orders/store',
      '/api/site/orders/./store',
      '/api/site/x/../orders/store',
      '/api/site/orders%2fstore',
    ]) {
      const refused = await order(spelling);
      expect([spelling, refused.status, JSON.parse(refused.body)]).toEqual([spelling, 404, { message: 'Not found.' }]);
    }
    // None reached the service.
    expect(calls.slice(before)).toEqual([]);
    // The table's own spelling goes through, capitals included, with a query string.
    expect((await order('/api/site/orders/store?lang=sw')).status).toBe(201);
    expect(calls.at(-1)).toBe('POST /api/site/orders/store?lang=sw');
  });

  it('limits registrations, coupon checks, payment pages and M-Pesa prompts per address, with Retry-After', async () => {
    const post = (url: string, localAddress: string) => call(`${gateway.url}${url}`, { method: 'POST', body: '{}', localAddress });
    const expectRefused = (answer: Answer, message: RegExp) => {
      expect(answer.status).toBe(429);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(answer.body).message).toMatch(message);
    };

    expect([(await post('/api/site/register', '127.0.0.11')).status, (await post('/api/site/register', '127.0.0.11')).status]).toEqual([
      201, 201,
    ]);
    expectRefused(await post('/api/site/register', '127.0.0.11'), /^Too many registrations from your network\. Please wait/);

    // Checking and redeeming a coupon count together: neither is a way round the other's limit.
    const check = (code: string) => call(`${gateway.url}/api/site/coupons/check/${code}/a@example.com`, { localAddress: '127.0.0.12' });
    expect([(await check('KARIBU')).status, (await check('JAMBO')).status]).toEqual([200, 200]);
    expect((await post('/api/site/coupons/redeem', '127.0.0.12')).status).toBe(200);
    expectRefused(await check('HABARI'), /^Too many coupon checks from your network/);
    expectRefused(await post('/api/site/coupons/redeem', '127.0.0.12'), /^Too many coupon checks from your network/);
    expect((await check('x')).status).toBe(429);

    expect([(await post('/api/site/v1/dpo/pay', '127.0.0.13')).status, (await post('/api/site/v1/dpo/pay', '127.0.0.13')).status]).toEqual([
      200, 200,
    ]);
    expectRefused(await post('/api/site/v1/dpo/pay', '127.0.0.13'), /^Too many payment requests from your network/);

    expect([(await post('/api/site/v1/push', '127.0.0.14')).status, (await post('/api/site/v1/push', '127.0.0.14')).status]).toEqual([
      200, 200,
    ]);
    expectRefused(await post('/api/site/v1/push', '127.0.0.14'), /^Too many M-Pesa prompts from your network/);
    // Another address is not affected.
    expect((await post('/api/site/v1/push', '127.0.0.15')).status).toBe(200);
  });

  it('never takes the client address from X-Forwarded-For when no proxy is trusted', async () => {
    const login = (forged: string) =>
      call(`${gateway.url}/api/login`, { method: 'POST', body: '{}', localAddress: '127.0.0.16', headers: { 'x-forwarded-for': forged } });
    // A different forged address each time: still one shopper, one bucket.
    const statuses = [];
    for (const forged of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']) statuses.push((await login(forged)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const registered = await call(`${gateway.url}/api/site/register`, {
      method: 'POST',
      body: '{}',
      localAddress: '127.0.0.17',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(JSON.parse(registered.body)).toEqual({ forwardedFor: '127.0.0.17' });
    expect(gatewayLogs.lines).toContainEqual(expect.objectContaining({ msg: 'request', url: '/api/login', ip: '127.0.0.16', status: 429 }));
  });

  it('through a trusted proxy, gives each shopper a bucket of their own and tells the services who they are', async () => {
    const viaProxy = (shopper: string, localAddress = '127.0.0.8') =>
      call(`${behindProxy.url}/api/site/register`, {
        method: 'POST',
        body: '{}',
        localAddress,
        // The shopper's own claim first, then the address the proxy saw.
        headers: { 'x-forwarded-for': `10.9.9.9, ${shopper}` },
      });
    const first = await viaProxy('198.51.100.21');
    expect(JSON.parse(first.body)).toEqual({ forwardedFor: '198.51.100.21' });
    expect((await viaProxy('198.51.100.21')).status).toBe(201);
    expect((await viaProxy('198.51.100.21')).status).toBe(429);
    // Another shopper behind the same proxy.
    expect((await viaProxy('198.51.100.22')).status).toBe(201);
    // A peer that is not the proxy is itself the client, whatever it forwards.
    const direct = await viaProxy('198.51.100.23', '127.0.0.18');
    expect(JSON.parse(direct.body)).toEqual({ forwardedFor: '127.0.0.18' });
    expect(gatewayLogs.lines).toContainEqual(expect.objectContaining({ msg: 'request', url: '/api/site/register', ip: '198.51.100.22' }));
  });

  it('counts an IPv6 shopper by their /64, and an IPv4-mapped address as the IPv4 address', async () => {
    const register = (shopper: string) =>
      call(`${behindProxy.url}/api/site/register`, {
        method: 'POST',
        body: '{}',
        localAddress: '127.0.0.8',
        headers: { 'x-forwarded-for': shopper },
      });
    // Two addresses of one /64 (a phone picks any): one allowance of two, then 429 from a third.
    expect((await register('2001:db8:aa:1::a')).status).toBe(201);
    expect((await register('2001:db8:aa:1:ffff:ffff:ffff:ffff')).status).toBe(201);
    const refused = await register('2001:0db8:00aa:0001::9');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).message).toMatch(/^Too many registrations from your network/);
    // The next /64 is another subscriber.
    expect((await register('2001:db8:aa:2::a')).status).toBe(201);
    // An IPv4 shopper however it is written.
    expect((await register('198.51.100.40')).status).toBe(201);
    expect((await register('::ffff:198.51.100.40')).status).toBe(201);
    expect((await register('198.51.100.40')).status).toBe(429);
  });

  it('sends Strict-Transport-Security only when a trusted proxy says the shopper came over https', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const viaProxy = await call(`${behindProxy.url}/api/site/products`, { localAddress: '127.0.0.8', headers: https });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000');
    const forged = await call(`${behindProxy.url}/api/site/products`, { localAddress: '127.0.0.19', headers: https });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    expect((await call(`${gateway.url}/api/site/products`, { headers: https })).headers['strict-transport-security']).toBeUndefined();
    for (const answer of [viaProxy, forged]) {
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('refuses a body over the limit whether it announces its length or streams in chunks', async () => {
    const small = JSON.stringify({ notes: 'x'.repeat(3000) });
    const large = JSON.stringify({ notes: 'x'.repeat(8000) });
    expect(
      (await call(`${gateway.url}/api/site/orders/store`, { method: 'POST', body: small, chunked: true, localAddress: '127.0.0.5' }))
        .status,
    ).toBe(201);
    const announced = await call(`${gateway.url}/api/site/orders/store`, { method: 'POST', body: large, localAddress: '127.0.0.6' });
    expect([announced.status, JSON.parse(announced.body)]).toEqual([413, { message: 'The request body is too large.' }]);
    const streamed = await call(`${gateway.url}/api/site/orders/store`, {
      method: 'POST',
      body: large,
      chunked: true,
      localAddress: '127.0.0.7',
    });
    expect([streamed.status, JSON.parse(streamed.body)]).toEqual([413, { message: 'The request body is too large.' }]);
  });

  it('moves a remote when the remotes file changes, without a restart, and ignores a broken file', async () => {
    const remotes = async () =>
      (JSON.parse((await call(`${gateway.url}/remotes.json`)).body) as { remotes: Array<{ name: string; entry: string }> }).remotes;
    expect(await remotes()).toContainEqual({ name: 'mf_catalog', entry: 'http://127.0.0.1:3001/mf-manifest.json' });
    fs.writeFileSync(remotesFile, JSON.stringify({ mf_catalog: 'http://127.0.0.1:3999/mf-manifest.json' }));
    expect(await remotes()).toContainEqual({ name: 'mf_catalog', entry: 'http://127.0.0.1:3999/mf-manifest.json' });
    // A half-written or wrong file keeps the last good configuration.
    fs.writeFileSync(remotesFile, '{"mf_catalog": ');
    expect(await remotes()).toContainEqual({ name: 'mf_catalog', entry: 'http://127.0.0.1:3999/mf-manifest.json' });
    fs.writeFileSync(remotesFile, JSON.stringify({ mf_catalog: 'javascript:alert(1)' }));
    expect(await remotes()).toContainEqual({ name: 'mf_catalog', entry: 'http://127.0.0.1:3999/mf-manifest.json' });
    // Without the file the environment answers again.
    fs.rmSync(remotesFile);
    expect(await remotes()).toContainEqual({ name: 'mf_catalog', entry: 'http://127.0.0.1:3001/mf-manifest.json' });
  });

  it('counts its own requests on a metrics port of its own', async () => {
    const metricsServer = await startMetricsServer(
      { port: 0, host: '127.0.0.1' },
      processMetrics('gateway'),
      createLogger('gateway', gatewayLogs.stream),
    );
    try {
      const port = (metricsServer!.address() as { port: number }).port;
      const answer = await call(`http://127.0.0.1:${port}/metrics`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatch(/http_request_duration_seconds_count\{[^}]*route="api catalogue"[^}]*status="200"[^}]*\} \d+/);
      expect(answer.body).toMatch(/http_request_duration_seconds_count\{[^}]*status="429"[^}]*\} \d+/);
      expect(answer.body).toContain('process_resident_memory_bytes');
    } finally {
      metricsServer?.close();
    }
  });
});

describe('gateway settings', () => {
  it('refuses limits and ports that make no sense, naming the variable', () => {
    expect(() => loadGatewayConfig({ GATEWAY_RATE_LIMIT_LOGIN: 'lots' })).toThrow(
      'GATEWAY_RATE_LIMIT_LOGIN must be a positive whole number, got "lots"',
    );
    expect(() => loadGatewayConfig({ GATEWAY_METRICS_PORT: 'x' })).toThrow(/GATEWAY_METRICS_PORT must be a port number/);
    expect(loadGatewayConfig({ GATEWAY_METRICS_PORT: 'off' }).metrics).toBeNull();
    expect(loadGatewayConfig({}).rateLimits.map((rule) => [rule.path, rule.limit, rule.windowMs])).toEqual([
      ['/api/login', 30, 60_000],
      ['/api/admin/session', 30, 60_000],
      ['/api/forgot-password', 10, 60_000],
      ['/api/site/orders/store', 30, 60_000],
      ['/api/site/register', 10, 60_000],
      ['/api/site/coupons/check', 30, 60_000],
      ['/api/site/coupons/redeem', 30, 60_000],
      ['/api/site/v1/dpo/pay', 20, 60_000],
      ['/api/site/v1/push', 10, 60_000],
    ]);
    expect(() => loadGatewayConfig({ GATEWAY_RATE_LIMIT_STK_PUSH: '0' })).toThrow(
      'GATEWAY_RATE_LIMIT_STK_PUSH must be a positive whole number, got "0"',
    );
    expect(() => loadGatewayConfig({ GATEWAY_TRUSTED_PROXIES: 'everyone' })).toThrow(/GATEWAY_TRUSTED_PROXIES must be/);
    expect(loadGatewayConfig({}).trustedProxies).toEqual({ kind: 'none' });
  });

  it('listens on this machine only unless GATEWAY_HOST opens it to the network', () => {
    expect(loadGatewayConfig({}).host).toBe('127.0.0.1');
    expect(loadGatewayConfig({ GATEWAY_HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});
