import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, listen } from '@shop/service-kit';
import { createGateway } from '../app';
import { loadGatewayConfig } from '../config';

/** A service of two instances (CATALOG_URL a comma list), one of them stopped. */
describe('a service of several instances', () => {
  it('takes turns, and sends a request an instance refused, body and all, to the next one', async () => {
    const seen: string[] = [];
    const live = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${Buffer.concat(chunks).toString('utf8')}`);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    const stopped = http.createServer();
    await Promise.all([live, stopped].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
    const url = (server: http.Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const stoppedUrl = url(stopped);
    await new Promise<void>((resolve) => stopped.close(() => resolve()));
    const gateway = await listen(
      createGateway(loadGatewayConfig({ CATALOG_URL: `${stoppedUrl},${url(live)}`, GATEWAY_METRICS_PORT: 'off' }), createLogger('gateway')),
      0,
    );
    const call = (method: string, path: string, body?: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(`${gateway.url}${path}`, { method, headers: { 'content-type': 'application/json' } }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        request.on('error', reject);
        request.end(body);
      });
    try {
      const statuses = [];
      for (let n = 0; n < 3; n += 1) {
        statuses.push(await call('POST', '/api/site/products/search', `{"q":"unga ${n}"}`));
        statuses.push(await call('GET', `/api/site/brands?n=${n}`));
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
      expect(seen).toEqual([
        'POST /api/site/products/search {"q":"unga 0"}',
        'GET /api/site/brands?n=0 ',
        'POST /api/site/products/search {"q":"unga 1"}',
        'GET /api/site/brands?n=1 ',
        'POST /api/site/products/search {"q":"unga 2"}',
        'GET /api/site/brands?n=2 ',
      ]);
    } finally {
      await gateway.close();
      await new Promise<void>((resolve) => live.close(() => resolve()));
    }
  });
});
