import { Registry, collectDefaultMetrics, type Metric } from 'prom-client';

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
  httpDuration: RequestDurations;
}

type DurationLabels = { method: string; route: string; status: string };

/** One series of the request-duration histogram: its per-bucket counts (not cumulative), sum and count. */
export interface DurationSeries {
  observe(seconds: number): void;
}

/**
 * The request-duration histogram, as prom-client's Histogram exposes it (the same text on
 * /metrics, a test compares the two), but observed without prom-client's per-call work: its
 * observe, even on a child from labels(), validates the labels, builds a hash string of them and
 * looks the series up by it, about 6,000 instructions, 5 % of the gateway's whole cost of a cached
 * catalogue read. A series here is found by method, route and status in nested maps (the same few
 * strings every time), and observing is a short loop over the bounds and three additions.
 */
export class RequestDurations {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'Time from a request arriving to its answer being handed to Node, by route pattern and status.';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly byMethod = new Map<string, Map<string, Map<string, Series>>>();
  /** In the order first observed, the order prom-client writes them in. */
  private readonly all: Series[] = [];

  constructor(private readonly bounds: readonly number[]) {}

  /** The series of these labels, to keep and observe many times. */
  labels(labels: DurationLabels): DurationSeries {
    let byRoute = this.byMethod.get(labels.method);
    if (!byRoute) this.byMethod.set(labels.method, (byRoute = new Map()));
    let byStatus = byRoute.get(labels.route);
    if (!byStatus) byRoute.set(labels.route, (byStatus = new Map()));
    let series = byStatus.get(labels.status);
    if (!series) {
      series = new Series(this.bounds, { method: labels.method, route: labels.route, status: labels.status });
      byStatus.set(labels.status, series);
      this.all.push(series);
    }
    return series;
  }

  observe(labels: DurationLabels, seconds: number): void {
    this.labels(labels).observe(seconds);
  }

  reset(): void {
    this.byMethod.clear();
    this.all.length = 0;
  }

  /** What prom-client's Registry reads to write /metrics (see prom-client's Histogram.getForPromString). */
  async getForPromString() {
    const values: Array<{ labels: Record<string, string | number>; sharedLabels: DurationLabels; value: number; metricName: string }> = [];
    for (const series of this.all) {
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += series.counts[i]!;
        values.push({ labels: { le: bound }, sharedLabels: series.labels, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push(
        { labels: { le: '+Inf' }, sharedLabels: series.labels, value: series.count, metricName: `${this.name}_bucket` },
        { labels: {}, sharedLabels: series.labels, value: series.sum, metricName: `${this.name}_sum` },
        { labels: {}, sharedLabels: series.labels, value: series.count, metricName: `${this.name}_count` },
      );
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The same values with each series' labels in every value (prom-client's get, for getMetricsAsJSON). */
  async get() {
    const metric = await this.getForPromString();
    return {
      ...metric,
      values: metric.values.map(({ labels, sharedLabels, value, metricName }) => ({
        labels: { ...labels, ...sharedLabels },
        value,
        metricName,
      })),
    };
  }
}

class Series implements DurationSeries {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    private readonly bounds: readonly number[],
    readonly labels: DurationLabels,
  ) {
    this.counts = new Float64Array(bounds.length);
  }

  observe(seconds: number): void {
    if (!Number.isFinite(seconds)) throw new TypeError(`Value is not a valid number: ${seconds}`);
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && seconds > bounds[i]!) i += 1;
    // Above the last bound it is only in +Inf, which is the count.
    if (i < bounds.length) this.counts[i]! += 1;
    this.sum += seconds;
    this.count += 1;
  }
}

/** From a cached catalogue read (a few ms) to a payment provider's slow answer (tens of seconds). */
export const DURATION_BUCKETS: readonly number[] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

let current: ProcessMetrics | null = null;

/** One registry per process: several apps in one process (tests) share it rather than register twice. */
export function processMetrics(service: string): ProcessMetrics {
  if (current) return current;
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const httpDuration = new RequestDurations(DURATION_BUCKETS);
  // The Registry only reads name, help, getForPromString, get and reset; its type lists prom-client's own classes.
  registry.registerMetric(httpDuration as unknown as Metric);
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
