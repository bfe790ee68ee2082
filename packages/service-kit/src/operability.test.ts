import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Router from '@koa/router';
import { createServiceApp } from './app';
import { createLogger } from './logger';
import { listen, type RunningServer } from './server';
import { requestIdHeaders } from './request-context';
import { DEV_INTERNAL_SECRET, internalSecretFromEnv } from './auth/internal-secret';
import { createDatabase, dialectOf } from './database';

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

describe('request ids across services', () => {
  const servers: RunningServer[] = [];
  const downstreamLogs = captureLogs();
  const upstreamLogs = captureLogs();
  let upstream: RunningServer;
  const previousLevel = process.env.LOG_LEVEL;

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'info';
    // "catalog": answers with the request id it saw.
    const downstreamApp = createServiceApp({
      name: 'downstream',
      version: '1.0.0',
      logger: createLogger('downstream', downstreamLogs.stream),
    });
    const downstreamRouter = new Router();
    downstreamRouter.get('/internal/echo', (ctx) => {
      ctx.body = { seen: ctx.get('x-request-id') };
    });
    downstreamApp.use(downstreamRouter.routes());
    const downstream = await listen(downstreamApp, 0);
    servers.push(downstream);

    // "orders": calls the other service while handling a request, the way its clients do.
    const logger = createLogger('upstream', upstreamLogs.stream);
    const upstreamApp = createServiceApp({ name: 'upstream', version: '1.0.0', logger });
    const upstreamRouter = new Router();
    upstreamRouter.get('/api/call', async (ctx) => {
      logger.info('calling downstream');
      const answer = await fetch(`${downstream.url}/internal/echo`, { headers: requestIdHeaders() });
      ctx.body = await answer.json();
    });
    upstreamApp.use(upstreamRouter.routes());
    upstream = await listen(upstreamApp, 0);
    servers.push(upstream);
  });

  afterAll(async () => {
    if (previousLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = previousLevel;
    await Promise.all(servers.map((server) => server.close()));
  });

  it('passes the incoming id on to the next service and writes it on every log line', async () => {
    const response = await fetch(`${upstream.url}/api/call`, { headers: { 'x-request-id': 'click-42' } });
    expect(await response.json()).toEqual({ seen: 'click-42' });
    expect(response.headers.get('x-request-id')).toBe('click-42');
    expect(upstreamLogs.lines).toContainEqual(
      expect.objectContaining({ msg: 'calling downstream', reqId: 'click-42', service: 'upstream' }),
    );
    expect(upstreamLogs.lines).toContainEqual(
      expect.objectContaining({ msg: 'request', reqId: 'click-42', url: '/api/call', status: 200 }),
    );
    expect(downstreamLogs.lines).toContainEqual(
      expect.objectContaining({ msg: 'request', reqId: 'click-42', url: '/internal/echo', service: 'downstream' }),
    );
  });

  it('adds no id to calls made outside a request', () => {
    expect(requestIdHeaders()).toEqual({});
  });
});

describe('metrics', () => {
  let server: RunningServer;

  beforeAll(async () => {
    const app = createServiceApp({ name: 'metered', version: '1.0.0', logger: createLogger('metered') });
    const router = new Router();
    router.get('/api/site/products/view/:slug', (ctx) => {
      ctx.body = { slug: ctx.params.slug };
    });
    app.use(router.routes());
    server = await listen(app, 0);
  });

  afterAll(() => server.close());

  it('counts request durations by route pattern and status, beside the default process metrics', async () => {
    await fetch(`${server.url}/api/site/products/view/unga-1`);
    await fetch(`${server.url}/api/site/products/view/unga-2`);
    await fetch(`${server.url}/api/no/such/thing`);
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/site\/products\/view\/:slug"[^}]*\} 2/);
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="unmatched"[^}]*status="404"[^}]*\} 1/);
    // Raw URLs never become labels: a client cannot blow up the number of series.
    expect(text).not.toContain('unga-1');
  });
});

describe('graceful shutdown', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-shutdown-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finishes the request in flight on SIGTERM, refuses new ones, then closes the pool and exits 0', async () => {
    const child = spawn(
      process.execPath,
      [require.resolve('tsx/cli'), path.join(__dirname, 'fixtures/slow-service.ts'), path.join(dir, 'db.sqlite')],
      {
        env: { ...process.env, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const output: string[] = [];
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output.push(chunk.toString());
        const match = /listening (\d+)/.exec(output.join(''));
        if (match) resolve(Number(match[1]));
      });
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.once('exit', () => reject(new Error(`service exited early: ${output.join('')}`)));
    });
    const url = `http://127.0.0.1:${port}`;

    const inFlight = fetch(`${url}/slow?ms=1500`).then(async (response) => ({
      status: response.status,
      body: await response.json(),
      at: Date.now(),
    }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));

    // A new connection is refused while the slow request is still being answered.
    const refused = await new Promise<string>((resolve) => {
      const request = http.get(`${url}/healthz`, { agent: false }, () => resolve('answered'));
      request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');

    const answer = await inFlight;
    expect(answer).toMatchObject({ status: 200, body: { answer: 42 } });
    expect(await exited).toBe(0);
    const log = output.join('');
    // The pool closes only after the in-flight request was answered (it used the pool at the end).
    expect(log).toContain('pool closed');
  }, 30_000);
});

describe('secrets in production', () => {
  it('refuses a missing or development-default INTERNAL_SECRET, naming the service', () => {
    expect(() => internalSecretFromEnv('catalog', { NODE_ENV: 'production' })).toThrow(
      'INTERNAL_SECRET must be set in production: the catalog service',
    );
    expect(() => internalSecretFromEnv('catalog', { NODE_ENV: 'production', INTERNAL_SECRET: DEV_INTERNAL_SECRET })).toThrow(
      'must not be the development default in production',
    );
    expect(internalSecretFromEnv('catalog', { NODE_ENV: 'production', INTERNAL_SECRET: 'from-the-vault-0123456789' })).toBe(
      'from-the-vault-0123456789',
    );
    expect(internalSecretFromEnv('catalog', { NODE_ENV: 'development' })).toBe(DEV_INTERNAL_SECRET);
  });
});

describe('the database in production', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-database-env-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to start without DATABASE_URL, naming the variable and the service, and writes no SQLite file', () => {
    const defaultDir = path.join(dataDir, 'refused');
    for (const DATABASE_URL of [undefined, '']) {
      expect(() => createDatabase({ service: 'orders', env: { NODE_ENV: 'production', SHOP_DATA_DIR: defaultDir, DATABASE_URL } })).toThrow(
        'DATABASE_URL must be set in production: the orders service keeps its data there',
      );
    }
    expect(fs.existsSync(defaultDir)).toBe(false);
  });

  it('takes a MySQL URL, or an explicit sqlite: URL chosen on purpose', async () => {
    const mysql = createDatabase({
      service: 'orders',
      env: { NODE_ENV: 'production', DATABASE_URL: 'mysql://shop:secret@127.0.0.1:3306/shop' },
    });
    expect(dialectOf(mysql)).toBe('mysql');
    await mysql.destroy();
    // Its pool's size from the same environment as its URL, not from the process's.
    const single = createDatabase({
      service: 'orders',
      env: { NODE_ENV: 'production', DATABASE_URL: 'mysql://shop:secret@127.0.0.1:3306/shop', DATABASE_POOL_MAX: '1' },
    });
    expect((single.client as { config: { pool: { max: number } } }).config.pool.max).toBe(1);
    await single.destroy();
    const file = path.join(dataDir, 'chosen', 'orders.sqlite');
    const sqlite = createDatabase({ service: 'orders', env: { NODE_ENV: 'production', DATABASE_URL: `sqlite:${file}` } });
    try {
      expect(await sqlite.raw('select 1 as one')).toEqual([{ one: 1 }]);
      expect(fs.existsSync(file)).toBe(true);
    } finally {
      await sqlite.destroy();
    }
  });

  it('keeps the SQLite default outside production, so a fresh machine needs nothing installed', async () => {
    const db = createDatabase({ service: 'orders', env: { NODE_ENV: 'development', SHOP_DATA_DIR: path.join(dataDir, 'dev') } });
    try {
      await db.raw('select 1');
      expect(fs.existsSync(path.join(dataDir, 'dev', 'orders.sqlite'))).toBe(true);
    } finally {
      await db.destroy();
    }
  });
});
