import { sqlTimestamp } from '@shop/service-kit';
import { testDatabases } from '@shop/service-kit/testing';
import { startHarness, type Harness } from '../testing/harness';

const SENT = 'We have emailed you a 6-digit code. Enter it with your new password.';
const INVALID = { message: 'The code is invalid or has expired.', errors: { code: ['The code is invalid or has expired.'] } };

describe.each(testDatabases('customers'))('password reset on $dialect', (database) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(database);
  });
  afterAll(async () => {
    await h?.close();
  });

  const forgot = (body: Record<string, unknown>) => h.request('POST', '/api/forgot-password', { body });
  /** Asks for a code and reads it from the outbox, through the dev route the browser journeys use. */
  const requestCode = async (email: string): Promise<string> => {
    const answer = await forgot({ email });
    expect(answer).toMatchObject({ status: 200, body: { message: SENT } });
    const mail = await h.request('GET', `/api/dev/outbox/latest?to=${encodeURIComponent(email)}`);
    expect(mail.status).toBe(200);
    const code = /\b(\d{6})\b/.exec(mail.body.text)?.[1];
    if (!code) throw new Error(`no code in ${mail.body.text}`);
    return code;
  };
  const reset = (email: string, code: string, password = 'brand-new-pass', confirmation = password) =>
    forgot({ email, code, password, password_confirmation: confirmation });
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('tells an unknown email to register first', async () => {
    expect(await forgot({ email: 'nobody-here@example.com' })).toMatchObject({ status: 404, body: { message: 'Register first' } });
    expect(await reset('nobody-here@example.com', '123456')).toMatchObject({ status: 404, body: { message: 'Register first' } });
  });

  it('mails a 6-digit code, then resets with it: old tokens are revoked and the new password works', async () => {
    const customer = await h.customer();
    const code = await requestCode(customer.email);
    const mail = (await h.request('GET', `/api/dev/outbox/latest?to=${customer.email.toUpperCase()}`)).body;
    expect(mail).toMatchObject({ to: customer.email, subject: 'Your Shwari Shop password reset code', created_at: expect.any(String) });
    expect(mail.html).toContain(code);
    // Only a hash is stored.
    const row = await h.db('password_reset_codes').where({ account_id: customer.accountId }).first();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(code);

    expect(await reset(customer.email, code)).toMatchObject({
      status: 200,
      body: { message: 'Your password has been reset. You can now log in.' },
    });
    expect((await h.request('GET', '/api/get-profile', { token: customer.token })).status).toBe(401);
    expect((await h.request('POST', '/api/login', { body: { email: customer.email, password: customer.password } })).status).toBe(422);
    expect((await h.request('POST', '/api/login', { body: { email: customer.email, password: 'brand-new-pass' } })).status).toBe(200);
    // The code worked once.
    expect(await reset(customer.email, code, 'another-password')).toMatchObject({ status: 422, body: INVALID });
  });

  it('treats the spec’s one-step body (email and new password, no code) as a request for a code', async () => {
    const customer = await h.customer();
    const answer = await forgot({ email: customer.email, password: 'hijacked-123', password_confirmation: 'hijacked-123' });
    expect(answer).toMatchObject({ status: 200, body: { message: SENT } });
    expect((await h.request('POST', '/api/login', { body: { email: customer.email, password: 'hijacked-123' } })).status).toBe(422);
    expect((await h.request('POST', '/api/login', { body: { email: customer.email, password: customer.password } })).status).toBe(200);
  });

  it('refuses a wrong code, and accepts the right one afterwards while tries remain', async () => {
    const customer = await h.customer();
    const code = await requestCode(customer.email);
    expect(await reset(customer.email, wrongCodeFor(code))).toMatchObject({ status: 422, body: INVALID });
    expect(await reset(customer.email, 'abcdef')).toMatchObject({
      status: 422,
      body: { errors: { code: ['The code is invalid or has expired.'] } },
    });
    expect((await reset(customer.email, code)).status).toBe(200);
  });

  it('kills a code after 5 wrong tries', async () => {
    const customer = await h.customer();
    const code = await requestCode(customer.email);
    const wrong = await Promise.all(Array.from({ length: 5 }, () => reset(customer.email, wrongCodeFor(code))));
    expect(wrong.every((answer) => answer.status === 422)).toBe(true);
    expect(await reset(customer.email, code)).toMatchObject({ status: 422, body: INVALID });
    expect((await h.db('password_reset_codes').where({ account_id: customer.accountId }).first('attempts')).attempts).toBe(5);
  });

  it('refuses an expired code and only counts the newest one', async () => {
    const customer = await h.customer();
    const first = await requestCode(customer.email);
    await h
      .db('password_reset_codes')
      .where({ account_id: customer.accountId })
      .update({ expires_at: sqlTimestamp(new Date(Date.now() - 1000)) });
    expect(await reset(customer.email, first)).toMatchObject({ status: 422, body: INVALID });
    const second = await requestCode(customer.email);
    const third = await requestCode(customer.email);
    if (second !== third) expect(await reset(customer.email, second)).toMatchObject({ status: 422, body: INVALID });
    expect((await reset(customer.email, third)).status).toBe(200);
  });

  it('mails at most 3 codes per email per hour', async () => {
    const customer = await h.customer();
    for (let i = 0; i < 3; i += 1) await requestCode(customer.email);
    const limited = await forgot({ email: customer.email });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many reset codes requested\. Please try again in (60|59) minutes\.$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500);
    // An hour later codes can be asked for again.
    await h
      .db('password_reset_codes')
      .where({ account_id: customer.accountId })
      .update({ created_at: sqlTimestamp(new Date(Date.now() - 3601_000)) });
    expect((await forgot({ email: customer.email })).status).toBe(200);
  });

  it('validates the reset step: password length and confirmation', async () => {
    const customer = await h.customer();
    const code = await requestCode(customer.email);
    expect((await reset(customer.email, code, 'short')).body.errors).toEqual({
      password: ['The password field must be at least 8 characters.'],
    });
    expect((await reset(customer.email, code, 'long-enough-1', 'long-enough-2')).body.errors).toEqual({
      password: ['The password field confirmation does not match.'],
    });
    expect((await forgot({})).body.errors).toEqual({ email: ['The email field is required.'] });
    // Validation errors do not use up the code's tries.
    expect((await reset(customer.email, code)).status).toBe(200);
  });

  it('lets an owner slowed down by failed logins from their address back in at once after a reset', async () => {
    const customer = await h.customer();
    for (let i = 0; i < 6; i += 1)
      await h.request('POST', '/api/login', {
        body: { email: customer.email, password: 'wrong-guess' },
        headers: { 'x-forwarded-for': '10.77.1.1' },
      });
    expect(
      (
        await h.request('POST', '/api/login', {
          body: { email: customer.email, password: customer.password },
          headers: { 'x-forwarded-for': '10.77.1.1' },
        })
      ).status,
    ).toBe(429);
    const code = await requestCode(customer.email);
    expect((await reset(customer.email, code)).status).toBe(200);
    expect(
      (
        await h.request('POST', '/api/login', {
          body: { email: customer.email, password: 'brand-new-pass' },
          headers: { 'x-forwarded-for': '10.77.1.1' },
        })
      ).status,
    ).toBe(200);
  });
});
