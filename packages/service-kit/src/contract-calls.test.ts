import { createServiceClient } from './service-client';
import { json, startService, type TestService } from './service-client/test-service';
import { takeContractDrift, testRequester } from './testing';

/**
 * In tests, every call one service makes to another (and every answer of the service under test)
 * is held to the called service's published OpenAPI document: a client or a fake that drifts fails.
 */
describe('calls between services are held to the published contracts', () => {
  let service: TestService;
  let answer: { status: number; body: unknown };

  beforeAll(async () => {
    service = await startService((_req, res) => json(res, answer.status, answer.body));
  });
  afterAll(() => service.close());

  const catalog = () => createServiceClient({ area: 'catalogue', baseUrl: service.url, internalSecret: 'secret' });

  it('lets a call and an answer the contract allows through', async () => {
    answer = { status: 200, body: { revision: '42' } };
    expect((await catalog().get('/internal/catalog/revision')).body).toEqual({ revision: '42' });
    expect(takeContractDrift()).toEqual([]);
  });

  it('records an answer that drifted, naming the route and the field', async () => {
    answer = { status: 200, body: { revision: 42 } };
    await catalog().get('/internal/catalog/revision');
    expect(takeContractDrift()).toEqual([
      expect.stringMatching(/^GET \/internal\/catalog\/revision \(200\): [\s\S]*\/revision must be string/),
    ]);
  });

  it('records a request body the called route would refuse', async () => {
    answer = { status: 422, body: { message: 'Each id must be a whole number.' } };
    await catalog().post('/internal/products/lookup', { ids: ['7'] });
    expect(takeContractDrift()).toEqual([expect.stringMatching(/The body of POST \/internal\/products\/lookup[\s\S]*\/ids\/0 must be/)]);
  });

  it('holds the answers of the service under test too, but not its refusals', async () => {
    const request = testRequester(service.url);
    answer = { status: 200, body: [{ id: 1, name: 'Nairobi', code: 47 }] };
    await request('GET', '/api/site/counties');
    expect(takeContractDrift()).toEqual([expect.stringMatching(/\/0 must NOT have additional properties/)]);
    answer = { status: 404, body: { message: 'Not found.' } };
    await request('GET', '/api/site/counties/subcounty/99');
    expect(takeContractDrift()).toEqual([]);
  });
});
