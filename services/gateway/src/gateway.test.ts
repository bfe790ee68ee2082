import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createLogger, listen, type RunningServer } from '@shop/service-kit';
import { createGateway } from './app';
import { loadGatewayConfig, type GatewayConfig } from './config';

interface Echo {
  url: string;
  method: string;
  requestId: string;
  forwardedFor: string;
  body: string;
}

/** A stand-in catalog service that echoes what reached it. */
function startUpstream(): Promise<RunningServer> {
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/api/site/products/slow')) return void setTimeout(() => res.end('{}'), 2000).unref();
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          url: req.url,
          method: req.method,
          requestId: req.headers['x-request-id'],
          forwardedFor: req.headers['x-forwarded-for'],
          body,
        }),
      );
    });
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

describe('gateway', () => {
  let upstream: RunningServer;
  let gateway: RunningServer;
  let config: GatewayConfig;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
    const js = 'console.log("shell");'.repeat(200);
    fs.writeFileSync(path.join(dist, 'main.1a2b3c4d.js'), js);
    fs.writeFileSync(path.join(dist, 'main.1a2b3c4d.js.br'), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(dist, 'main.1a2b3c4d.js.map'), '{"version":3,"sources":["src/index.ts"]}');
    fs.mkdirSync(path.join(dist, 'server'));
    fs.writeFileSync(path.join(dist, 'server', 'index.js'), 'module.exports = {};');
    upstream = await startUpstream();
    config = loadGatewayConfig({
      CATALOG_URL: upstream.url,
      SHELL_DIST_DIR: dist,
      REMOTE_MF_CATALOG_URL: 'http://cdn.example/mf-catalog/mf-manifest.json',
      GATEWAY_BODY_LIMIT_BYTES: '2000',
    });
    config.upstreams[0]!.timeoutMs = 500;
    gateway = await listen(createGateway(config, createLogger('gateway')), 0);
  });

  afterAll(async () => {
    await gateway.close();
    await upstream.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('routes catalogue calls to the catalog service with a request id and the real client address', async () => {
    const response = await fetch(`${gateway.url}/api/site/products/filter?brand=all`, { headers: { 'x-forwarded-for': '6.6.6.6' } });
    const body = (await response.json()) as Echo;
    expect(body).toMatchObject({ url: '/api/site/products/filter?brand=all', method: 'GET' });
    expect(body.requestId).toMatch(/^[\w-]+$/);
    expect(response.headers.get('x-request-id')).toBe(body.requestId);
    expect(body.forwardedFor).toBe('127.0.0.1');
    const media = (await (await fetch(`${gateway.url}/media/products/a.svg`)).json()) as Echo;
    expect(media.url).toBe('/media/products/a.svg');
  });

  it('passes request bodies through and refuses bodies over the limit', async () => {
    const ok = await fetch(`${gateway.url}/api/site/products/search`, {
      method: 'POST',
      body: JSON.stringify({ search: 'unga' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(((await ok.json()) as Echo).body).toBe('{"search":"unga"}');
    const big = await fetch(`${gateway.url}/api/site/products/search`, { method: 'POST', body: 'x'.repeat(5000) });
    expect(big.status).toBe(413);
  });

  it('sends every page under a strict Content-Security-Policy and every answer with the security headers', async () => {
    for (const pagePath of ['/', '/shop/all', '/admin/dashboard']) {
      const page = await fetch(`${gateway.url}${pagePath}`);
      expect(page.headers.get('content-type')).toContain('text/html');
      const policy = Object.fromEntries(
        (page.headers.get('content-security-policy') ?? '').split('; ').map((directive) => {
          const [name = '', ...values] = directive.split(' ');
          return [name, values.join(' ')];
        }),
      );
      // The remotes' configured origins (REMOTE_MF_CATALOG_URL) may serve scripts; nothing inline or evaluated may run.
      expect(policy).toMatchObject({
        'default-src': "'self'",
        'script-src': "'self' http://cdn.example",
        'connect-src': "'self' http://cdn.example",
        'img-src': "'self' http://cdn.example data: blob:",
        'frame-ancestors': "'none'",
        'base-uri': "'self'",
        'form-action': "'self' https://secure.3gdirectpay.com",
        'object-src': "'none'",
      });
      expect(policy['script-src']).not.toMatch(/unsafe/);
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(page.headers.get('permissions-policy')).toContain('camera=()');
      // No other site's window shares the page's, its answers are for the shop alone, and it asks for a process of its own.
      expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(page.headers.get('origin-agent-cluster')).toBe('?1');
      // Plain http: no HSTS.
      expect(page.headers.get('strict-transport-security')).toBeNull();
      // A page with no inline script of the gateway's has no hash to allow.
      expect(await page.text()).not.toMatch(/<script>/);
    }
    const api = await fetch(`${gateway.url}/api/site/products`);
    expect(api.headers.get('x-frame-options')).toBe('DENY');
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(api.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(api.headers.get('origin-agent-cluster')).toBe('?1');
    const script = await fetch(`${gateway.url}/main.1a2b3c4d.js`);
    expect(script.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    // The catalogue's pictures may be shown by other origins (a link preview, a mail or chat client); the rest of it may not.
    const picture = await fetch(`${gateway.url}/media/products/unga.webp`);
    expect(picture.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(picture.headers.get('x-content-type-options')).toBe('nosniff');
    const otherSpelling = await fetch(`${gateway.url}/Media/products/unga.webp`);
    expect(otherSpelling.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await fetch(`${gateway.url}/api/nothing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found.' });
  });

  it('answers 504 when a service is too slow', async () => {
    const response = await fetch(`${gateway.url}/api/site/products/slow`);
    expect(response.status).toBe(504);
    expect(((await response.json()) as { area: string }).area).toBe('catalogue');
  });

  it('serves the runtime remote configuration from the environment', async () => {
    const response = await fetch(`${gateway.url}/remotes.json`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const { remotes } = (await response.json()) as { remotes: Array<{ name: string; entry: string }> };
    expect(remotes).toContainEqual({ name: 'mf_catalog', entry: 'http://cdn.example/mf-catalog/mf-manifest.json' });
    // A remote without a build here and without a configured URL is not offered at all.
    for (const remote of remotes.filter((entry) => entry.name !== 'mf_catalog')) {
      expect(fs.existsSync(path.join(__dirname, '../../..', remote.entry.split('/')[2] ?? '', 'dist', 'mf-manifest.json'))).toBe(true);
    }
  });

  it('serves hashed files pre-compressed with a year of caching, and index.html for app routes', async () => {
    const script = await fetch(`${gateway.url}/main.1a2b3c4d.js`, { headers: { 'accept-encoding': 'br' } });
    expect(script.headers.get('content-encoding')).toBe('br');
    expect(script.headers.get('cache-control')).toContain('immutable');
    expect(await script.text()).toContain('console.log("shell")');
    const page = await fetch(`${gateway.url}/shop/all`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<div id="root">');
    expect((await fetch(`${gateway.url}/missing.js`)).status).toBe(404);
  });

  it('never hands out the renderers it reads from disk or source maps', async () => {
    for (const file of ['/server/index.js', '/Server/index.js', '/main.1a2b3c4d.js.map']) {
      const answer = await fetch(`${gateway.url}${file}`);
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain('module.exports');
    }
  });

  it('routes POST /api/chat to the shopping assistant, and names it when it is down', async () => {
    const chat = config.upstreams.find((route) => route.area === 'shopping assistant');
    expect(chat).toMatchObject({ prefixes: ['/api/chat', '/api/docs/chat'], target: 'http://127.0.0.1:4104' });
    const stopped = await listen(
      createGateway({ ...config, upstreams: [{ ...chat!, target: 'http://127.0.0.1:9' }] }, createLogger('gateway')),
      0,
    );
    try {
      const response = await fetch(`${stopped.url}/api/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"message":"Hello"}',
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        message: 'The shopping assistant is unavailable right now. Please try again shortly.',
        area: 'shopping assistant',
      });
    } finally {
      await stopped.close();
    }
  });

  it('answers a clear 503 naming the area when the service is down', async () => {
    await upstream.close();
    const response = await fetch(`${gateway.url}/api/site/products`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      message: 'The catalogue is unavailable right now. Please try again shortly.',
      area: 'catalogue',
    });
    // The storefront itself still loads.
    expect((await fetch(`${gateway.url}/`)).status).toBe(200);
  });
});
