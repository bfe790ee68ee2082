import { Histogram, Registry, type Metric } from 'prom-client';
import { DURATION_BUCKETS, RequestDurations } from './metrics';

/** The same observations through prom-client's Histogram and through RequestDurations. */
async function bothTexts(observations: Array<[{ method: string; route: string; status: string }, number]>) {
  const reference = new Registry();
  reference.setDefaultLabels({ service: 'test' });
  const histogram = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being handed to Node, by route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [...DURATION_BUCKETS],
    registers: [reference],
  });
  const ours = new Registry();
  ours.setDefaultLabels({ service: 'test' });
  const durations = new RequestDurations(DURATION_BUCKETS);
  ours.registerMetric(durations as unknown as Metric);
  const kept = durations.labels({ method: 'GET', route: 'api catalogue (cached)', status: '200' });
  for (const [labels, seconds] of observations) {
    histogram.observe(labels, seconds);
    if (labels.route === 'api catalogue (cached)' && labels.method === 'GET' && labels.status === '200') kept.observe(seconds);
    else durations.observe(labels, seconds);
  }
  return { reference: await reference.metrics(), ours: await ours.metrics() };
}

describe('RequestDurations', () => {
  it('writes exactly what prom-client writes for the same observations, on every bound and beyond the last', async () => {
    const cached = { method: 'GET', route: 'api catalogue (cached)', status: '200' };
    const texts = await bothTexts([
      [cached, 0.0003],
      [cached, 0.005],
      [cached, 0.0051],
      [{ method: 'POST', route: 'api orders', status: '201' }, 0.04],
      [{ method: 'POST', route: 'api orders', status: '201' }, 31],
      [{ method: 'GET', route: 'site', status: '404' }, 10],
      [cached, 2.5],
    ]);
    expect(texts.ours).toBe(texts.reference);
    expect(texts.ours).toContain(
      'http_request_duration_seconds_bucket{le="0.005",service="test",method="GET",route="api catalogue (cached)",status="200"} 2',
    );
  });

  it('refuses a value that is not a number, as prom-client does', () => {
    const durations = new RequestDurations(DURATION_BUCKETS);
    expect(() => durations.observe({ method: 'GET', route: 'site', status: '200' }, Number.NaN)).toThrow('Value is not a valid number');
  });

  it('is emptied by reset', async () => {
    const durations = new RequestDurations(DURATION_BUCKETS);
    durations.observe({ method: 'GET', route: 'site', status: '200' }, 0.001);
    durations.reset();
    expect((await durations.get()).values).toEqual([]);
  });
});
