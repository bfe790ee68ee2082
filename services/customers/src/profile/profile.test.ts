import { testDatabases } from '@shop/service-kit/testing';
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
      current_password: customer.password,
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
    expect(
      (
        await update(customer.token, {
          ...base,
          password: 'new-password-1',
          password_confirmation: 'new-password-1',
          current_password: customer.password,
        })
      ).status,
    ).toBe(200);
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
    const taken = await update(customer.token, {
      first_name: 'A',
      last_name: 'B',
      email: someoneElse.email,
      phone: '0722000111',
      current_password: customer.password,
    });
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

  describe('a new email or password needs the current password', () => {
    const fields = (email: string) => ({ first_name: 'Wanjiku', last_name: 'Kamau', email, phone: '0722000111' });

    it('refuses an email change without it or with a wrong one (422 on current_password), changes nothing and mails no one', async () => {
      const customer = await h.customer();
      const newEmail = uniqueEmail('thief');
      const missing = await update(customer.token, fields(newEmail));
      expect(missing).toMatchObject({
        status: 422,
        body: { errors: { current_password: ['Enter your current password to change your email or password.'] } },
      });
      const wrong = await update(customer.token, { ...fields(newEmail), current_password: 'not-my-password' });
      expect(wrong).toMatchObject({ status: 422, body: { errors: { current_password: ['The current password is incorrect.'] } } });
      expect((await h.request('GET', '/api/get-profile', { token: customer.token })).body.email).toBe(customer.email);
      expect(await h.outbox.latestTo(customer.email)).toBeUndefined();
    });

    it('refuses a password change with a wrong current password: the old password still signs in, other sessions stay', async () => {
      const customer = await h.customer();
      const other = await h.login(customer.email, customer.password);
      const answer = await update(customer.token, {
        ...fields(customer.email),
        password: 'stolen-token-pw',
        password_confirmation: 'stolen-token-pw',
        current_password: 'a-wrong-guess',
      });
      expect(answer).toMatchObject({ status: 422, body: { message: 'The current password is incorrect.' } });
      expect(answer.body.errors).toEqual({ current_password: ['The current password is incorrect.'] });
      expect((await h.request('POST', '/api/login', { body: { email: customer.email, password: customer.password } })).status).toBe(200);
      expect((await h.request('POST', '/api/login', { body: { email: customer.email, password: 'stolen-token-pw' } })).status).toBe(422);
      expect((await h.request('GET', '/api/get-profile', { token: other })).status).toBe(200);
    });

    it('changes the email with the right current password and tells the OLD address', async () => {
      const customer = await h.customer();
      const newEmail = uniqueEmail('moved');
      const answer = await update(customer.token, { ...fields(newEmail), current_password: customer.password });
      expect(answer.status).toBe(200);
      const notice = await h.outbox.latestTo(customer.email);
      expect(notice?.subject).toBe('Your Shwari Shop email address was changed');
      expect(notice?.text).toContain(newEmail);
      expect(await h.outbox.latestTo(newEmail)).toBeUndefined();
    });

    it('needs no current password for names and phone only', async () => {
      const customer = await h.customer();
      const answer = await update(customer.token, { ...fields(customer.email), first_name: 'Akinyi', phone: '0711222333' });
      expect(answer.status).toBe(200);
      expect((await h.request('GET', '/api/get-profile', { token: customer.token })).body).toMatchObject({ first_name: 'Akinyi' });
    });

    it('slows guessing the current password with a stolen token like guessing at login (429 with Retry-After)', async () => {
      const customer = await h.customer();
      const guess = (current_password: string) =>
        h.request('POST', '/api/profile/update', {
          token: customer.token,
          body: { ...fields(customer.email), password: 'guessed-pw-1', password_confirmation: 'guessed-pw-1', current_password },
          headers: { 'x-forwarded-for': '198.51.100.77' },
        });
      for (let i = 0; i < 5; i += 1) expect((await guess(`wrong-${i}`)).status).toBe(422);
      const slowed = await guess(customer.password);
      expect(slowed.status).toBe(429);
      expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    });
  });
});
