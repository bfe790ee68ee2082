import { testDatabases } from '@shop/service-kit/src/testing';
import { startHarness, uniqueEmail, type Harness } from '../testing/harness';

describe.each(testDatabases('customers'))('profile on $dialect', (database) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(database);
  });
  afterAll(async () => {
    await h?.close();
  });

  const update = (token: string, body: Record<string, unknown>) => h.request('POST', '/api/profile/update', { token, body });

  it('answers exactly the profile object with the points balance', async () => {
    const customer = await h.customer();
    const answer = await h.request('GET', '/api/get-profile', { token: customer.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: customer.accountId,
      first_name: 'Wanjiku',
      last_name: 'Kamau',
      email: customer.email,
      phone: '0722000111',
      photo: null,
      loyalty_points: { current_balance: 20 },
    });
    expect(answer.headers.get('cache-control')).toContain('no-store');
  });

  it('updates names, email and phone without touching the password', async () => {
    const customer = await h.customer();
    const email = uniqueEmail('renamed');
    const answer = await update(customer.token, {
      first_name: 'Njeri',
      last_name: 'Mwangi',
      email: email.toUpperCase(),
      phone: '0733 111 222',
      password: '',
      password_confirmation: '',
    });
    expect(answer).toMatchObject({ status: 200, body: { message: 'Profile updated successfully.' } });
    const profile = (await h.request('GET', '/api/get-profile', { token: customer.token })).body;
    expect(profile).toMatchObject({ first_name: 'Njeri', last_name: 'Mwangi', email, phone: '0733111222' });
    // Same password, new email.
    expect((await h.request('POST', '/api/login', { body: { email, password: customer.password } })).status).toBe(200);
  });

  it('stores a phone written in the international form as 0712345678', async () => {
    const customer = await h.customer();
    const answer = await update(customer.token, {
      first_name: 'Njeri',
      last_name: 'Mwangi',
      email: customer.email,
      phone: '+254 733-111-222',
    });
    expect(answer.status).toBe(200);
    expect((await h.request('GET', '/api/get-profile', { token: customer.token })).body.phone).toBe('0733111222');
  });

  it('changes the password only with a matching confirmation of at least 8 characters', async () => {
    const customer = await h.customer();
    const base = { first_name: 'Wanjiku', last_name: 'Kamau', email: customer.email, phone: '0722000111' };
    const mismatch = await update(customer.token, { ...base, password: 'new-password-1', password_confirmation: 'new-password-2' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ password: ['The password field confirmation does not match.'] });
    const missing = await update(customer.token, { ...base, password: 'new-password-1' });
    expect(missing.body.errors).toEqual({ password: ['The password field confirmation does not match.'] });
    const short = await update(customer.token, { ...base, password: 'short', password_confirmation: 'short' });
    expect(short.body.errors).toEqual({ password: ['The password field must be at least 8 characters.'] });

    const other = await h.login(customer.email, customer.password);
    expect((await update(customer.token, { ...base, password: 'new-password-1', password_confirmation: 'new-password-1' })).status).toBe(
      200,
    );
    expect((await h.request('POST', '/api/login', { body: { email: customer.email, password: customer.password } })).status).toBe(422);
    expect((await h.request('POST', '/api/login', { body: { email: customer.email, password: 'new-password-1' } })).status).toBe(200);
    // The session that changed it goes on; the customer's other sessions are signed out.
    expect((await h.request('GET', '/api/get-profile', { token: customer.token })).status).toBe(200);
    expect((await h.request('GET', '/api/get-profile', { token: other })).status).toBe(401);
  });

  it('answers field errors as 422: required fields, formats, and an email taken by someone else', async () => {
    const customer = await h.customer();
    const someoneElse = await h.register();
    const empty = await update(customer.token, {});
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['email', 'first_name', 'last_name', 'phone']);
    const bad = await update(customer.token, { first_name: 'A', last_name: 'B', email: 'nope', phone: '12345' });
    expect(bad.body.errors).toEqual({
      email: ['The email field must be a valid email address.'],
      phone: ['The phone field must be 10 digits.'],
    });
    const taken = await update(customer.token, { first_name: 'A', last_name: 'B', email: someoneElse.email, phone: '0722000111' });
    expect(taken).toMatchObject({ status: 422, body: { errors: { email: ['The email has already been taken.'] } } });
    // Keeping one's own email is fine.
    expect((await update(customer.token, { first_name: 'A', last_name: 'B', email: customer.email, phone: '0722000111' })).status).toBe(
      200,
    );
  });

  it('never lets the body change the role, points or id', async () => {
    const customer = await h.customer();
    await update(customer.token, {
      first_name: 'A',
      last_name: 'B',
      email: customer.email,
      phone: '0722000111',
      role: 'staff',
      id: 1,
      loyalty_points: 999,
    });
    const row = await h.db('accounts').where({ id: customer.accountId }).first('role');
    expect(row.role).toBe('customer');
    expect((await h.request('GET', '/api/get-profile', { token: customer.token })).body.loyalty_points.current_balance).toBe(20);
  });
});
