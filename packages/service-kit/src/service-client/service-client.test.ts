import { runWithRequestId } from '../request-context';
import { HttpError } from '../errors';
import { createLogger } from '../logger';
import { answerUnavailableAs503, httpTokenResolver, SIGN_IN_UNAVAILABLE } from '../auth';
import { createServiceClient } from './service-client';
import { UpstreamUnavailable } from './http-request';
import { json, startService, type TestService } from './test-service';

const UNAVAILABLE = 'The catalogue is unavailable right now. Please try again shortly.';

describe('service client', () => {
  let service: TestService | null = null;
  afterEach(async () => {
    await service?.close();
    service = null;
  });

  it('passes on the request id, the internal secret (on /internal/* only) and the caller token', async () => {
    service = await startService((_req, res) => json(res, 200, { ok: true }));
    const client = createServiceClient({ area: 'catalogue', baseUrl: `${service.url}/`, internalSecret: 's3cret' });
    const lookup = await runWithRequestId('click-42', () => client.post<{ ok: boolean }>('/internal/products/lookup', { ids: [1, 2] }));
    expect(lookup).toEqual({ status: 200, body: { ok: true } });
    await runWithRequestId('click-43', () => client.get('/api/get-profile', { bearer: 'token-abc' }));

    const [internal, profile] = service.seen;
    expect(internal).toMatchObject({ method: 'POST', url: '/internal/products/lookup', body: '{"ids":[1,2]}' });
    expect(internal?.headers).toMatchObject({
      'x-request-id': 'click-42',
      'x-internal-secret': 's3cret',
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(profile?.headers).toMatchObject({ 'x-request-id': 'click-43', authorization: 'Bearer token-abc' });
    expect(profile?.headers['x-internal-secret']).toBeUndefined();
  });

  it('answers any status as an answer, with an empty body as null', async () => {
    service = await startService((_req, res, count) =>
      count === 1 ? json(res, 422, { message: 'Not enough points.' }) : res.writeHead(404).end(),
    );
    const client = createServiceClient({ area: 'account service', baseUrl: service.url });
    expect(await client.post('/internal/points/redeem', {})).toEqual({ status: 422, body: { message: 'Not enough points.' } });
    expect(await client.get('/api/site/counties/subcounty/99')).toEqual({ status: 404, body: null });
  });

  it('turns a service that does not answer in time into a 503 naming the area', async () => {
    service = await startService(() => undefined);
    const client = createServiceClient({ area: 'catalogue', baseUrl: service.url, timeoutMs: 150 });
    const started = Date.now();
    const failure = await client.get('/internal/catalog/revision').catch((error: unknown) => error);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(failure).toBeInstanceOf(UpstreamUnavailable);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 503, message: UNAVAILABLE, area: 'catalogue' });
    expect(((failure as Error).cause as Error).message).toBe('no answer within 150 ms');
    // A timed-out call may have reached the service: it is not asked again.
    expect(service.seen).toHaveLength(1);
  });

  it('turns a service that is down into a 503 naming the area', async () => {
    const down = await startService(() => undefined);
    await down.close();
    const client = createServiceClient({ area: 'checkout', baseUrl: down.url });
    await expect(client.post('/internal/customers/order-counts', { ids: [1] })).rejects.toMatchObject({
      status: 503,
      message: 'The checkout is unavailable right now. Please try again shortly.',
      code: 'ECONNREFUSED',
    });
  });

  it('asks a GET once more when its connection broke before any answer', async () => {
    service = await startService((req, res, count) => (count === 1 ? req.socket.destroy() : json(res, 200, { revision: 'r2' })));
    const client = createServiceClient({ area: 'catalogue', baseUrl: service.url });
    expect(await client.get('/internal/catalog/revision')).toEqual({ status: 200, body: { revision: 'r2' } });
    expect(service.seen.map((request) => request.method)).toEqual(['GET', 'GET']);
  });

  it('gives up on a GET after the retries it was allowed', async () => {
    service = await startService((req) => req.socket.destroy());
    const client = createServiceClient({ area: 'catalogue', baseUrl: service.url, retries: 2 });
    await expect(client.get('/api/site/products')).rejects.toMatchObject({ status: 503, message: UNAVAILABLE, code: 'ECONNRESET' });
    expect(service.seen).toHaveLength(3);
  });

  it('never repeats a POST that may have reached the service', async () => {
    service = await startService((req) => req.socket.destroy());
    const client = createServiceClient({ area: 'account service', baseUrl: service.url, retries: 3 });
    await expect(client.post('/internal/points/redeem', { points: 100 })).rejects.toMatchObject({ status: 503, code: 'ECONNRESET' });
    expect(service.seen).toHaveLength(1);
  });

  it('takes turns over the instances of a comma list and passes a refused call, a POST too, to one that is up', async () => {
    service = await startService((_req, res) => json(res, 200, { instance: 'first' }));
    const second = await startService((_req, res) => json(res, 200, { instance: 'second' }));
    const client = createServiceClient({ area: 'catalogue', baseUrl: `${service.url}/,${second.url}` });
    try {
      const turns = [await client.get('/api/site/brands'), await client.get('/api/site/brands')].map((answer) => answer.body);
      expect(turns).toEqual([{ instance: 'first' }, { instance: 'second' }]);

      await second.close();
      const afterStop = [];
      for (let call = 0; call < 4; call += 1) afterStop.push((await client.post('/internal/products/lookup', { ids: [call] })).body);
      expect(afterStop).toEqual(Array.from({ length: 4 }, () => ({ instance: 'first' })));
      expect(service.seen.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
        '{"ids":[0]}',
        '{"ids":[1]}',
        '{"ids":[2]}',
        '{"ids":[3]}',
      ]);
    } finally {
      await second.close();
    }
  });

  it('treats an answer that is not JSON as unavailable', async () => {
    service = await startService((_req, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>'));
    const client = createServiceClient({ area: 'catalogue', baseUrl: service.url });
    const failure = await client.get('/api/site/products').catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 503, message: UNAVAILABLE });
    expect(((failure as Error).cause as Error).message).toBe('answered 502 with a body that is not JSON');
    expect(service.seen).toHaveLength(1);
  });

  it('names the area in the 503 a caller raises for an answer it cannot use', () => {
    const client = createServiceClient({ area: 'catalogue', baseUrl: 'http://127.0.0.1:1' });
    const error = client.unavailable('lookup answered 500');
    expect(error).toMatchObject({ status: 503, message: UNAVAILABLE, area: 'catalogue' });
    expect((error.cause as Error).message).toBe('lookup answered 500');
  });
});

describe('token introspection through the service client', () => {
  const logger = createLogger('test');
  logger.level = 'silent';

  it('asks the customers service with the secret and the token, and tells a down service as a sign-in problem', async () => {
    const customers = await startService((req, res) =>
      req.headers.authorization === 'Bearer live'
        ? json(res, 200, {
            account_id: 7,
            kind: 'customer',
            first_name: 'Wanjiru',
            last_name: 'K',
            email: 'w@example.com',
            phone: null,
            expires_at: '2030-01-01T00:00:00Z',
          })
        : json(res, 401, { message: 'Unauthenticated.' }),
    );
    try {
      const resolve = answerUnavailableAs503(httpTokenResolver({ baseUrl: customers.url, internalSecret: 's3cret' }), logger);
      expect(await resolve('live')).toMatchObject({ accountId: 7, kind: 'customer' });
      expect(await resolve('expired')).toBeNull();
      expect(customers.seen[0]?.headers).toMatchObject({ 'x-internal-secret': 's3cret', authorization: 'Bearer live' });
    } finally {
      await customers.close();
    }
    const down = answerUnavailableAs503(httpTokenResolver({ baseUrl: customers.url, internalSecret: 's3cret' }), logger);
    await expect(down('live')).rejects.toMatchObject({ status: 503, message: SIGN_IN_UNAVAILABLE });
  });
});
