import http from 'node:http';
import type { Logger, ProcessMetrics } from '@shop/service-kit';

/**
 * The gateway's Prometheus metrics on a port of their own: its public port answers 404 for
 * /metrics, so only what can reach this port (the internal network, a scraper beside it) sees them.
 * A busy port is logged and the gateway goes on without metrics rather than not serving the shop.
 */
export function startMetricsServer(
  settings: { port: number; host: string },
  metrics: ProcessMetrics,
  logger: Logger,
): Promise<http.Server | null> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve) => {
    server.once('error', (error) => {
      logger.warn({ err: error, port: settings.port }, 'metrics port unavailable: running without metrics');
      resolve(null);
    });
    server.listen(settings.port, settings.host, () => {
      const address = server.address();
      logger.info({ port: typeof address === 'object' && address ? address.port : settings.port }, 'gateway metrics listening');
      resolve(server);
    });
  });
}
