import Router from '@koa/router';
import { z } from 'zod';
import { createLogger } from './logger';
import { createServiceApp } from './app';
import { listen, type RunningServer } from './server';
import { parseBody, parseParams } from './validation';
import { notFound } from './errors';
import { sqlTimestamp, toIso } from './time';

describe('validation', () => {
  const schema = z.object({ email: z.string().email('Invalid email format'), quantity: z.number().int('Whole numbers only') });

  it('answers a bad body with 422 and a message per field', () => {
    expect(() => parseBody(schema, { email: 'x', quantity: 1.5 })).toThrow(
      expect.objectContaining({
        status: 422,
        message: 'Invalid email format',
        errors: { email: ['Invalid email format'], quantity: ['Whole numbers only'] },
      }),
    );
  });

  it('answers a bad parameter with 400 naming it', () => {
    expect(() => parseParams(z.object({ id: z.coerce.number().int() }), { id: 'abc' })).toThrow(
      expect.objectContaining({ status: 400, message: 'Invalid parameters: id.' }),
    );
  });
});

describe('time', () => {
  it('writes UTC timestamps and reads both dialects back as ISO', () => {
    expect(sqlTimestamp(new Date('2026-11-21T08:05:09.123Z'))).toBe('2026-11-21 08:05:09');
    expect(toIso('2026-11-21 08:05:09')).toBe('2026-11-21T08:05:09.000Z');
    expect(toIso(new Date('2026-11-21T08:05:09Z'))).toBe('2026-11-21T08:05:09.000Z');
    expect(toIso(null)).toBeNull();
    expect(toIso('not a date')).toBeNull();
  });
});

describe('service app', () => {
  let server: RunningServer;

  beforeAll(async () => {
    const app = createServiceApp({ name: 'test', version: '2.3.4', logger: createLogger('test'), bodyLimit: '1kb' });
    const router = new Router({ prefix: '/api' });
    router.post('/echo', (ctx) => {
      ctx.body = parseBody(z.object({ name: z.string('The name field is required.') }), ctx.request.body);
    });
    router.get('/missing', () => {
      throw notFound('Product not found.');
    });
    router.get('/boom', () => {
      throw new Error('database on fire');
    });
    app.use(router.routes()).use(router.allowedMethods());
    server = await listen(app, 0);
  });

  afterAll(() => server.close());

  const call = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${server.url}${path}`, init);
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      requestId: response.headers.get('x-request-id'),
    };
  };
  const post = (body: string) => call('/api/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('answers every error in the one JSON shape and never leaks internals', async () => {
    expect(await post('{"name": 3}')).toMatchObject({ status: 422, body: { errors: { name: ['The name field is required.'] } } });
    expect(await post('{oops')).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } });
    expect(await post(JSON.stringify({ name: 'x'.repeat(5000) }))).toMatchObject({
      status: 413,
      body: { message: 'The request body is too large.' },
    });
    expect(await call('/api/missing')).toMatchObject({ status: 404, body: { message: 'Product not found.' } });
    expect(await call('/api/nowhere')).toMatchObject({ status: 404, body: { message: 'Not found.' } });
    expect(await call('/api/echo')).toMatchObject({ status: 405 });
    const boom = await call('/api/boom');
    expect(boom).toMatchObject({ status: 500, body: { message: 'Something went wrong on our side. Please try again.' } });
    expect(JSON.stringify(boom.body)).not.toContain('fire');
  });

  it('passes a request id through, or makes one', async () => {
    expect((await call('/healthz', { headers: { 'x-request-id': 'abc-123' } })).requestId).toBe('abc-123');
    expect((await call('/healthz', { headers: { 'x-request-id': 'bad id with spaces' } })).requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call('/readyz')).body).toEqual({ status: 'ready', service: 'test' });
  });

  it('names the service and its live version on /healthz', async () => {
    expect((await call('/healthz')).body).toEqual({ status: 'ok', service: 'test', version: '2.3.4' });
  });
});
