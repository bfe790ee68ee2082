import http from 'node:http';
import zlib from 'node:zlib';
import { createLogger, listen, processMetrics, type RunningServer } from '@shop/service-kit';
import { createGateway } from '../app';
import { loadGatewayConfig } from '../config';
import Koa from 'koa';
import { apiProxy } from './apiProxy';
import { preferredEncoding, refreshAheadMs, responseCache, sharedFreshness } from './responseCache';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** How staff sign their changes to the stand-in catalogue. */
const STAFF = { authorization: 'Bearer staff-token' };

/** A stand-in catalog service: counts what reaches it; staff changes bump the catalogue's version. */
function startCatalogue(): Promise<RunningServer & { calls: string[] }> {
  const calls: string[] = [];
  let version = 1;
  const server = http.createServer((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    if (req.method !== 'GET') {
      // Shoppers' writes (a search) change nothing; staff changes need a staff session and a valid form.
      // Like the services' routers, any case.
      if (!req.url?.toLowerCase().startsWith('/api/admin/')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end('{"data":[]}');
      }
      if (req.headers.authorization !== STAFF.authorization) {
        res.writeHead(401, { 'content-type': 'application/json' });
        return void res.end('{"message":"Unauthenticated."}');
      }
      if (req.url.includes('invalid')) {
        res.writeHead(422, { 'content-type': 'application/json' });
        return void res.end('{"message":"The name is required."}');
      }
      version += 1;
      res.writeHead(201, { 'content-type': 'application/json' });
      return void res.end('{"saved":true}');
    }
    if (req.url?.startsWith('/api/site/products/tags')) {
      // Short-lived answers that count how often the service was asked for them; asked again, slowly.
      const asked = calls.filter((call) => call === `GET ${req.url}`).length;
      const answering = version;
      const answer = () => {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=2' });
        res.end(JSON.stringify({ version: answering, asked }));
      };
      return void setTimeout(answer, asked === 2 ? 100 : 0);
    }
    if (req.url === '/api/site/products/missing') {
      res.writeHead(404, { 'content-type': 'application/json', 'cache-control': 'public, max-age=60' });
      return void res.end('{"message":"Product not found."}');
    }
    const words = ['maize', 'meal', 'sifted', 'fortified', 'wheat', 'flour', 'millet', 'porridge', 'chapati', 'baking', 'bale', 'Eldoret'];
    const description = (id: number) => Array.from({ length: 30 }, (_, n) => words[(id * 7 + n * n * 3) % words.length]).join(' ');
    const json = Buffer.from(
      JSON.stringify({
        version,
        // `?large`: an answer past the raw path's one-string write (more than 12 KB uncompressed).
        products: Array.from({ length: req.url?.includes('large') ? 400 : 50 }, (_, id) => ({
          id,
          name: `Unga ${id}`,
          description: description(id),
        })),
      }),
    );
    const cacheControl = req.url?.startsWith('/api/site/skus')
      ? 'no-store'
      : req.url === '/api/site/brands'
        ? 'public, max-age=1'
        : 'public, max-age=60, stale-while-revalidate=300';
    const headers: http.OutgoingHttpHeaders = {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': cacheControl,
      etag: `"v${version}"`,
      vary: 'Accept-Encoding',
    };
    const send = () => {
      if (req.headers['accept-encoding'] === 'br') {
        res.writeHead(200, { ...headers, 'content-encoding': 'br' });
        // As the services do: fast brotli for what they make on every request.
        return void res.end(zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }));
      }
      res.writeHead(200, headers);
      res.end(json);
    };
    // `?slow`: a list that takes the service a while to build.
    if (req.url?.includes('slow')) setTimeout(send, 50);
    else send();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({
        server,
        port,
        calls,
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

describe('the gateway cache of public catalogue reads', () => {
  let catalogue: RunningServer & { calls: string[] };
  let gateway: RunningServer;

  beforeAll(async () => {
    catalogue = await startCatalogue();
    gateway = await listen(
      createGateway(loadGatewayConfig({ CATALOG_URL: catalogue.url, GATEWAY_METRICS_PORT: 'off' }), createLogger('gateway')),
      0,
    );
  });
  afterAll(async () => {
    await gateway.close();
    await catalogue.close();
  });
  beforeEach(() => {
    catalogue.calls.length = 0;
  });

  it('answers a repeated public read from memory, with the same bytes and headers', async () => {
    const first = await get(`${gateway.url}/api/site/products?page=1`);
    const second = await get(`${gateway.url}/api/site/products?page=1`);
    expect(catalogue.calls).toEqual(['GET /api/site/products?page=1']);
    expect(second.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(second.headers.age).toBeDefined();
    // The gateway's own headers are still made per request.
    expect(second.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(second.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(second.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(second.headers['origin-agent-cluster']).toBe('?1');
  });

  it('answers 304 from memory when the shopper already has the answer', async () => {
    const first = await get(`${gateway.url}/api/site/products/filter?brand=all`);
    const again = await get(`${gateway.url}/api/site/products/filter?brand=all`, { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(catalogue.calls).toHaveLength(1);
  });

  it('keeps brotli and plain answers apart', async () => {
    const brotli = await get(`${gateway.url}/api/site/categories`, { 'accept-encoding': 'gzip, deflate, br' });
    const plain = await get(`${gateway.url}/api/site/categories`);
    const brotliAgain = await get(`${gateway.url}/api/site/categories`, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(zlib.brotliDecompressSync(brotliAgain.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    expect(catalogue.calls).toEqual(['GET /api/site/categories', 'GET /api/site/categories']);
  });

  it("sends a kept brotli answer at brotli's best once it has recompressed it", async () => {
    const url = `${gateway.url}/api/site/products/sort_filter?sort=newest`;
    const first = await get(url, { 'accept-encoding': 'br' });
    let later = first;
    for (let tries = 0; tries < 50 && later.body.length >= first.body.length; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      later = await get(url, { 'accept-encoding': 'br' });
    }
    expect(later.body.length).toBeLessThan(first.body.length);
    expect(Number(later.headers['content-length'])).toBe(later.body.length);
    expect(later.headers['content-encoding']).toBe('br');
    expect(later.headers.etag).toBe(first.headers.etag);
    expect(zlib.brotliDecompressSync(later.body).equals(zlib.brotliDecompressSync(first.body))).toBe(true);
    expect(catalogue.calls).toEqual(['GET /api/site/products/sort_filter?sort=newest']);
  });

  it('shows a staff change at once: a write to the catalogue empties its answers', async () => {
    const before = JSON.parse((await get(`${gateway.url}/api/site/products`)).body.toString()) as { version: number };
    await get(`${gateway.url}/api/admin/products`, STAFF, 'POST');
    const after = JSON.parse((await get(`${gateway.url}/api/site/products`)).body.toString()) as { version: number };
    expect(after.version).toBe(before.version + 1);
    expect(catalogue.calls).toEqual(['GET /api/site/products', 'POST /api/admin/products', 'GET /api/site/products']);
  });

  it("keeps its answers and drawn pages through shoppers' writes and refused staff changes", async () => {
    const read = async () => JSON.parse((await get(`${gateway.url}/api/site/products?kept`)).body.toString()) as { version: number };
    const before = await read();
    // Every shopper's search is a POST to the catalogue; anyone can send one.
    await get(`${gateway.url}/api/site/products/search`, {}, 'POST');
    // A change without a staff session (401), and one the service refused (422).
    expect((await get(`${gateway.url}/api/admin/products`, {}, 'POST')).status).toBe(401);
    expect((await get(`${gateway.url}/api/admin/products/invalid`, STAFF, 'POST')).status).toBe(422);
    expect(await read()).toEqual(before);
    expect(catalogue.calls).toEqual([
      'GET /api/site/products?kept',
      'POST /api/site/products/search',
      'POST /api/admin/products',
      'POST /api/admin/products/invalid',
    ]);
    // Another spelling of the path (/api/Admin/…) never reaches the service, so it empties nothing.
    expect((await get(`${gateway.url}/api/Admin/Products/`, STAFF, 'POST')).status).toBe(404);
    expect(await read()).toEqual(before);
  });

  it('moves the generation the drawn pages are kept by only for staff changes that went through', async () => {
    const cache = responseCache(loadGatewayConfig({ CATALOG_URL: catalogue.url }).upstreams);
    const app = new Koa();
    app.use(cache);
    app.use(apiProxy(loadGatewayConfig({ CATALOG_URL: catalogue.url }).upstreams, createLogger('gateway'), 10_000));
    const own = await listen(app, 0);
    try {
      const start = cache.generation('catalogue');
      await get(`${own.url}/api/site/products/search`, {}, 'POST');
      await get(`${own.url}/api/admin/products`, {}, 'POST');
      await get(`${own.url}/api/admin/products/invalid`, STAFF, 'POST');
      expect(cache.generation('catalogue')).toBe(start);
      await get(`${own.url}/api/admin/products`, STAFF, 'POST');
      expect(cache.generation('catalogue')).toBe(start + 1);
    } finally {
      await own.close();
    }
  });

  it('asks the service again once max-age has passed', async () => {
    await get(`${gateway.url}/api/site/brands`);
    await get(`${gateway.url}/api/site/brands`);
    expect(catalogue.calls).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await get(`${gateway.url}/api/site/brands`);
    expect(catalogue.calls).toHaveLength(2);
  });

  it('shortly before max-age, sends the kept answer while one request asks the service for the next', async () => {
    const url = `${gateway.url}/api/site/products/tags`;
    const read = async () => JSON.parse((await get(url)).body.toString()) as { asked: number };
    expect(await read()).toMatchObject({ asked: 1 });
    // In the last fifth of its two seconds.
    await new Promise((resolve) => setTimeout(resolve, 1700));
    // Everyone asking then gets the kept answer at once, never older than its max-age...
    const meanwhile = await Promise.all(Array.from({ length: 5 }, () => get(url)));
    for (const answer of meanwhile) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body.toString())).toMatchObject({ asked: 1 });
      expect(Number(answer.headers.age)).toBeLessThan(2);
    }
    // ...and one request in the background, made before the kept answer expires, brings the next one.
    const tagCalls = () => catalogue.calls.filter((call) => call === 'GET /api/site/products/tags').length;
    for (let tries = 0; tries < 10 && tagCalls() < 2; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(tagCalls()).toBe(2);
    let later = await read();
    for (let tries = 0; tries < 50 && later.asked === 1; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      later = await read();
    }
    expect(later).toMatchObject({ asked: 2 });
    expect(catalogue.calls.filter((call) => call === 'GET /api/site/products/tags')).toHaveLength(2);
  });

  it('drops a next answer asked for before a change went through', async () => {
    const url = `${gateway.url}/api/site/products/tags?changed`;
    const read = async () => JSON.parse((await get(url)).body.toString()) as { asked: number; version: number };
    const first = await read();
    await new Promise((resolve) => setTimeout(resolve, 1700));
    // Starts the slow background request, then a staff change empties the catalogue's answers.
    await read();
    await get(`${gateway.url}/api/admin/products`, STAFF, 'POST');
    const afterChange = await read();
    expect(afterChange.version).toBe(first.version + 1);
    // The background answer, asked for before the change, arrives and is not kept.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await read()).toEqual(afterChange);
  });

  it('asks the service once when many read at once an answer nobody has kept: the others wait for its answer', async () => {
    const url = `${gateway.url}/api/site/products?slow&burst`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(url, { 'accept-encoding': 'br' })));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.body.equals(answers[0]!.body)).toBe(true);
    }
    expect(catalogue.calls).toEqual(['GET /api/site/products?slow&burst']);
  });

  it('lets reads that waited ask for themselves when the answer may not be kept', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(`${gateway.url}/api/site/skus?slow`)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(catalogue.calls).toHaveLength(5);
  });

  it('never keeps answers that are not public or not 200', async () => {
    await get(`${gateway.url}/api/site/skus`);
    await get(`${gateway.url}/api/site/skus`);
    const missing = await get(`${gateway.url}/api/site/products/missing`);
    await get(`${gateway.url}/api/site/products/missing`);
    expect(missing.status).toBe(404);
    expect(catalogue.calls).toHaveLength(4);
  });

  it("answers a signed-in shopper's public read from the cache too", async () => {
    const guest = await get(`${gateway.url}/api/site/products/view/unga`);
    const signedIn = await get(`${gateway.url}/api/site/products/view/unga`, { authorization: 'Bearer customer' });
    expect(signedIn.body.equals(guest.body)).toBe(true);
    expect(catalogue.calls).toHaveLength(1);
  });
});

describe('cache rules', () => {
  it('reads how long a shared cache may keep an answer', () => {
    expect(sharedFreshness('public, max-age=60, stale-while-revalidate=300')).toBe(60);
    expect(sharedFreshness('public, max-age=60, s-maxage=10')).toBe(10);
    expect(sharedFreshness('max-age=60')).toBe(0);
    expect(sharedFreshness('public, no-cache, max-age=60')).toBe(0);
    expect(sharedFreshness('private, max-age=60')).toBe(0);
    expect(sharedFreshness(undefined)).toBe(0);
    // delta-seconds are digits: a malformed s-maxage leaves max-age in charge, a malformed max-age keeps nothing.
    expect(sharedFreshness('public, s-maxage=soon, max-age=60')).toBe(60);
    expect(sharedFreshness('public, max-age=1e3')).toBe(0);
  });

  it('asks for the next answer in the last fifth of its freshness, ten seconds at most', () => {
    expect(refreshAheadMs(60_000)).toBe(10_000);
    expect(refreshAheadMs(1_000)).toBe(200);
  });

  it('picks one encoding per kind of client', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredEncoding('')).toBe('identity');
    expect(preferredEncoding('deflate')).toBe('identity');
  });
});

describe('a cached read answered before Koa and through it', () => {
  let catalogue: RunningServer & { calls: string[] };
  let raw: RunningServer;
  let throughKoa: RunningServer;
  // The proxy in front says which shoppers came over https (the answer then carries HSTS).
  const env = { GATEWAY_METRICS_PORT: 'off', GATEWAY_TRUSTED_PROXIES: '127.0.0.1' };

  beforeAll(async () => {
    catalogue = await startCatalogue();
    const config = loadGatewayConfig({ ...env, CATALOG_URL: catalogue.url });
    raw = await listen(createGateway(config, createLogger('gateway')), 0);
    throughKoa = await listen(createGateway(config, createLogger('gateway'), undefined, { rawCachedReads: false }), 0);
  });
  afterAll(async () => {
    await raw.close();
    await throughKoa.close();
    await catalogue.close();
  });

  /** What must match between the two: all but the values made per answer. */
  const comparable = (answer: Answer) => {
    const { 'x-request-id': requestId, date, age, ...headers } = answer.headers;
    expect(requestId).toMatch(/^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/);
    expect(date).toBeDefined();
    expect(Number(age)).toBeLessThan(60);
    return { status: answer.status, headers, body: answer.body.toString('base64') };
  };

  /** The route's count of cached answers of a status, as /metrics shows it. */
  const cachedCount = async (method: string, status: number) => {
    const text = await processMetrics('gateway').registry.metrics();
    const line = text
      .split('\n')
      .find(
        (candidate) =>
          candidate.startsWith('http_request_duration_seconds_count{') &&
          candidate.includes('route="api catalogue (cached)"') &&
          candidate.includes(`method="${method}"`) &&
          candidate.includes(`status="${status}"`),
      );
    return line ? Number(line.split(' ').pop()) : 0;
  };

  it.each([
    ['a browser (brotli)', 'GET', { 'accept-encoding': 'gzip, deflate, br, zstd' }],
    ['gzip only', 'GET', { 'accept-encoding': 'gzip' }],
    ['no encoding', 'GET', {}],
    ['brotli refused', 'GET', { 'accept-encoding': 'gzip, br;q=0' }],
    ['a HEAD', 'HEAD', { 'accept-encoding': 'gzip, deflate, br, zstd' }],
    ['a signed-in shopper', 'GET', { authorization: 'Bearer customer' }],
    ['a shopper over https through the proxy', 'GET', { 'x-forwarded-proto': 'https' }],
    ['an ETag that does not match', 'GET', { 'if-none-match': '"v0"' }],
    ['a large answer (no encoding)', 'GET', { large: 'yes' }],
  ])('answers %s the same either way', async (_, method, headers: Record<string, string>) => {
    const url = `/api/site/products/view/unga?compare=${encodeURIComponent(JSON.stringify([method, headers]))}${headers.large ? '&large' : ''}`;
    // Kept first (through Koa on both), then answered from memory.
    for (const gateway of [raw, throughKoa]) await get(`${gateway.url}${url}`, headers);
    catalogue.calls.length = 0;
    const counted = await cachedCount(method, 200);
    const fromRaw = await get(`${raw.url}${url}`, headers, method);
    expect(await cachedCount(method, 200)).toBe(counted + 1);
    const fromKoa = await get(`${throughKoa.url}${url}`, headers, method);
    expect(await cachedCount(method, 200)).toBe(counted + 2);
    expect(catalogue.calls).toEqual([]);
    expect(comparable(fromRaw)).toEqual(comparable(fromKoa));
    expect(fromRaw.status).toBe(200);
    expect(fromRaw.headers['x-content-type-options']).toBe('nosniff');
    expect(fromRaw.headers['strict-transport-security'] !== undefined).toBe(headers['x-forwarded-proto'] === 'https');
    if (method === 'HEAD') expect(fromRaw.body.length).toBe(0);
    else expect(Number(fromRaw.headers['content-length'])).toBe(fromRaw.body.length);
    // Both ways a body is written on the raw path: one string with the head, or a Buffer after it.
    if (headers.large) expect(fromRaw.body.length).toBeGreaterThan(12 * 1024);
    if (method === 'GET' && preferredEncoding(headers['accept-encoding'] ?? '') === 'br')
      expect(fromRaw.body.length).toBeLessThan(12 * 1024);
  });

  it('answers a matching ETag 304 the same either way', async () => {
    const url = '/api/site/products/view/unga?compare=304';
    const kept = await get(`${raw.url}${url}`);
    await get(`${throughKoa.url}${url}`);
    const headers = { 'if-none-match': `"other", ${String(kept.headers.etag)}` };
    const counted = await cachedCount('GET', 304);
    const fromRaw = await get(`${raw.url}${url}`, headers);
    const fromKoa = await get(`${throughKoa.url}${url}`, headers);
    expect(await cachedCount('GET', 304)).toBe(counted + 2);
    expect(fromRaw.status).toBe(304);
    expect(comparable(fromRaw)).toEqual(comparable(fromKoa));
  });
});
