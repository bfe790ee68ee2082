import { mockApi, offContract, respond, takeContractDrift } from './testing';

const get = async (path: string): Promise<unknown> => (await fetch(`http://localhost/api${path}`)).json();
const brand = {
  id: 1,
  name: 'Mlima Gold',
  slug: 'mlima-gold',
  image: '/media/brands/mlima-gold.svg',
  company: 'Mlima Mills',
  color: '#c8102e',
};

describe("mockApi holds a test's answers to the serving service's published contract", () => {
  afterEach(() => jest.restoreAllMocks());

  it('lets an answer the contract allows through, unchanged', async () => {
    mockApi({ 'GET /site/brands': () => [brand] });
    expect(await get('/site/brands')).toEqual([brand]);
    expect(takeContractDrift()).toEqual([]);
  });

  it('records an answer that drifted, naming the route and the field', async () => {
    const { slug: _slug, ...drifted } = brand;
    mockApi({ 'GET /site/brands': () => [drifted] });
    await get('/site/brands');
    expect(takeContractDrift()).toEqual([expect.stringMatching(/^GET \/api\/site\/brands: [\s\S]*\/0 must have required property 'slug'/)]);
  });

  it('holds answers of routes with parameters and 201s too', async () => {
    mockApi({ 'POST /site/orders/store': () => respond(201, { data: { id: 1, order_number: 'SH-1' } }) });
    await fetch('http://localhost/api/site/orders/store', { method: 'POST', body: '{}' });
    expect(takeContractDrift()).toEqual([expect.stringMatching(/\/data must have required property 'total_amount'/)]);
  });

  it('leaves refusals, calls no service serves and deliberate off-contract answers alone', async () => {
    mockApi({
      'GET /site/brands': () => offContract(200, '<html>Bad gateway</html>'),
      'GET /get-profile': () => respond(401, { message: 'Unauthenticated.' }),
      'GET /remotes.json': () => ({ anything: true }),
    });
    await get('/site/brands').catch(() => undefined);
    await get('/get-profile');
    await get('/remotes.json');
    expect(takeContractDrift()).toEqual([]);
  });
});
