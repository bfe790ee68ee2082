import { testDatabases } from '@shop/service-kit/testing';
import { startHarness, type Harness } from '../testing/harness';
import { MAX_ADDRESSES_PER_ACCOUNT } from './routes';

const NAIROBI = 47;
const WESTLANDS = 274;
const KASARANI = 280;
const MOMBASA = 1;
const NYALI = 4;

const address = (overrides: Record<string, unknown> = {}) => ({
  name: 'Wanjiku Kamau',
  email: 'wanjiku@example.com',
  phone: '0722000111',
  street_address: 'Moi Avenue 12',
  apartment: 'Block B, 3rd floor',
  town: 'Nairobi',
  county_id: NAIROBI,
  sub_county_id: WESTLANDS,
  ...overrides,
});

describe.each(testDatabases('customers'))('addresses on $dialect', (database) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(database);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('adds, lists, updates and deletes the caller’s own addresses', async () => {
    const customer = await h.customer();
    expect((await h.request('GET', '/api/addresses', { token: customer.token })).body).toEqual([]);

    const created = await h.request('POST', '/api/addresses', { token: customer.token, body: address() });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Address added successfully.');
    const saved = {
      id: expect.any(Number),
      name: 'Wanjiku Kamau',
      email: 'wanjiku@example.com',
      phone: '0722000111',
      street_address: 'Moi Avenue 12',
      apartment: 'Block B, 3rd floor',
      town: 'Nairobi',
      county: { id: NAIROBI, name: 'Nairobi' },
      sub_county: { id: WESTLANDS, name: 'Westlands' },
    };
    expect(created.body.address).toEqual(saved);
    const id = created.body.address.id as number;
    expect((await h.request('GET', '/api/addresses', { token: customer.token })).body).toEqual([saved]);

    const moved = await h.request('POST', `/api/addresses/update/${id}`, {
      token: customer.token,
      body: address({ town: 'Mombasa', county_id: MOMBASA, sub_county_id: NYALI, apartment: '' }),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.address).toMatchObject({
      id,
      town: 'Mombasa',
      apartment: null,
      county: { name: 'Mombasa' },
      sub_county: { name: 'Nyali' },
    });

    const put = await h.request('PUT', `/api/addresses/${id}`, { token: customer.token, body: address({ sub_county_id: KASARANI }) });
    expect(put.body.address.sub_county).toEqual({ id: KASARANI, name: 'Kasarani' });

    expect(await h.request('DELETE', `/api/addresses/${id}`, { token: customer.token })).toMatchObject({
      status: 200,
      body: { message: 'Address deleted successfully.' },
    });
    expect((await h.request('GET', '/api/addresses', { token: customer.token })).body).toEqual([]);
    expect((await h.request('DELETE', `/api/addresses/${id}`, { token: customer.token })).status).toBe(404);

    const second = await h.request('POST', '/api/addresses', { token: customer.token, body: address() });
    expect((await h.request('POST', `/api/addresses/delete/${second.body.address.id}`, { token: customer.token })).status).toBe(200);
  });

  it('accepts the checkout form’s field names (street, subcounty_id) and ids as strings', async () => {
    const customer = await h.customer();
    const body = {
      ...address(),
      street_address: undefined,
      sub_county_id: undefined,
      street: 'Kenyatta Ave',
      subcounty_id: String(WESTLANDS),
      county_id: String(NAIROBI),
    };
    const created = await h.request('POST', '/api/addresses', { token: customer.token, body });
    expect(created.status).toBe(201);
    expect(created.body.address).toMatchObject({ street_address: 'Kenyatta Ave', sub_county: { id: WESTLANDS } });
  });

  it('stores a phone however it is written as 0722000111', async () => {
    const customer = await h.customer();
    const created = await h.request('POST', '/api/addresses', { token: customer.token, body: address({ phone: '+254 722 000 111' }) });
    expect(created.status).toBe(201);
    expect(created.body.address.phone).toBe('0722000111');
    const id = created.body.address.id as number;
    const moved = await h.request('PUT', `/api/addresses/${id}`, { token: customer.token, body: address({ phone: '722-000-111' }) });
    expect(moved.body.address.phone).toBe('0722000111');
  });

  it('answers 404 for another customer’s address, whatever the method', async () => {
    const owner = await h.customer();
    const stranger = await h.customer();
    const { id } = (await h.request('POST', '/api/addresses', { token: owner.token, body: address() })).body.address;
    for (const [method, path, body] of [
      ['POST', `/api/addresses/update/${id}`, address({ town: 'Stolen' })],
      ['PUT', `/api/addresses/${id}`, address({ town: 'Stolen' })],
      ['DELETE', `/api/addresses/${id}`, undefined],
      ['POST', `/api/addresses/delete/${id}`, undefined],
    ] as const) {
      const answer = await h.request(method, path, { token: stranger.token, body });
      expect(answer).toMatchObject({ status: 404, body: { message: 'Address not found.' } });
    }
    // And exactly the same for an id that does not exist.
    expect(await h.request('PUT', '/api/addresses/999999', { token: stranger.token, body: address() })).toMatchObject({
      status: 404,
      body: { message: 'Address not found.' },
    });
    expect((await h.request('GET', '/api/addresses', { token: stranger.token })).body).toEqual([]);
    const mine = (await h.request('GET', '/api/addresses', { token: owner.token })).body;
    expect(mine).toHaveLength(1);
    expect(mine[0].town).toBe('Nairobi');
  });

  it('names every missing field with the checkout words', async () => {
    const customer = await h.customer();
    const answer = await h.request('POST', '/api/addresses', { token: customer.token, body: {} });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      phone: ['Phone number is required'],
      street_address: ['Street is required'],
      town: ['Town is required'],
      county_id: ['County is required'],
      sub_county_id: ['Sub-county is required'],
    });
    const bad = await h.request('POST', '/api/addresses', { token: customer.token, body: address({ email: 'x@', phone: '072200011' }) });
    expect(bad.body.errors).toEqual({ email: ['Invalid email format'], phone: ['Phone number must be 10 digits'] });
  });

  it('checks the county and that the sub-county is one of its own', async () => {
    const customer = await h.customer();
    const mismatch = await h.request('POST', '/api/addresses', {
      token: customer.token,
      body: address({ county_id: MOMBASA, sub_county_id: WESTLANDS }),
    });
    expect(mismatch).toMatchObject({
      status: 422,
      body: { errors: { sub_county_id: ['The selected sub-county does not belong to the selected county.'] } },
    });
    const unknown = await h.request('POST', '/api/addresses', {
      token: customer.token,
      body: address({ county_id: 48, sub_county_id: 291 }),
    });
    expect(unknown.body.errors).toEqual({
      county_id: ['The selected county is invalid.'],
      sub_county_id: ['The selected sub-county is invalid.'],
    });
    expect(
      (await h.request('POST', '/api/addresses', { token: customer.token, body: address({ county_id: 'Nairobi' }) })).body.errors,
    ).toEqual({
      county_id: ['The selected county is invalid.'],
    });
    const { id } = (await h.request('POST', '/api/addresses', { token: customer.token, body: address() })).body.address;
    const update = await h.request('PUT', `/api/addresses/${id}`, { token: customer.token, body: address({ sub_county_id: NYALI }) });
    expect(update.status).toBe(422);
  });

  it('answers 400 for a malformed id and 401/403 without a customer token', async () => {
    const customer = await h.customer();
    expect((await h.request('DELETE', '/api/addresses/abc', { token: customer.token })).status).toBe(400);
    expect((await h.request('POST', '/api/addresses/update/1x', { token: customer.token, body: address() })).status).toBe(400);
    expect((await h.request('GET', '/api/addresses')).status).toBe(401);
    expect((await h.request('POST', '/api/addresses', { body: address() })).status).toBe(401);
  });

  it(`keeps at most ${MAX_ADDRESSES_PER_ACCOUNT} addresses per customer`, async () => {
    const customer = await h.customer();
    for (let i = 0; i < MAX_ADDRESSES_PER_ACCOUNT; i += 1) {
      expect(
        (await h.request('POST', '/api/addresses', { token: customer.token, body: address({ street_address: `Street ${i}` }) })).status,
      ).toBe(201);
    }
    const refused = await h.request('POST', '/api/addresses', { token: customer.token, body: address() });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.address[0]).toContain(`at most ${MAX_ADDRESSES_PER_ACCOUNT}`);
  });
});
