import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics of one process: the library's default metrics (CPU, memory, event loop lag,
 * GC, handles) and a histogram of HTTP request durations by method, route and status.
 *
 * Services answer GET /metrics on their own port, which only the internal network reaches (the
 * gateway never routes it and answers 404 for it); the gateway, whose port is public, answers it
 * on a port of its own (GATEWAY_METRICS_PORT).
 */
export interface ProcessMetrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
}

let current: ProcessMetrics | null = null;

/** One registry per process: several apps in one process (tests) share it rather than register twice. */
export function processMetrics(service: string): ProcessMetrics {
  if (current) return current;
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being handed to Node, by route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    // From a cached catalogue read (a few ms) to a payment provider's slow answer (tens of seconds).
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  current = { registry, httpDuration };
  return current;
}

/**
 * The route label: the router's pattern ('/api/site/products/view/:slug'), never the raw URL, so
 * the number of series stays bounded whatever clients request. Requests no route matched share one.
 */
export function routeLabel(matchedRoute: unknown, path: string): string {
  if (typeof matchedRoute === 'string' && matchedRoute !== '') return matchedRoute;
  if (path === '/healthz' || path === '/readyz' || path === '/metrics') return path;
  return 'unmatched';
}
