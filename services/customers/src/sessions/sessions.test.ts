import { createHash } from 'node:crypto';
import { sqlTimestamp, toIso, createAuthGuards, httpTokenResolver } from '@shop/service-kit';
import { testDatabases } from '@shop/service-kit/testing';
import { PasswordHasher } from '../accounts/passwords';
import { createStaffAccount } from '../accounts/create-admin';
import { startHarness, uniqueEmail, type Harness } from '../testing/harness';
import { hashToken } from './tokens';

const HOUR = 3600_000;
/** The throttle's key of one account+address (throttle.ts), to record many failures at once. */
const pairKeyOf = (email: string, address: string) => createHash('sha256').update(`pair:${email}|${address}`).digest('hex');
const CREDENTIALS_MESSAGE = 'These credentials do not match our records.';

describe.each(testDatabases('customers'))('sessions on $dialect', (database) => {
  let h: Harness;
  let staff: { email: string; password: string };

  /** A client address of its own per test, so the per-address limit of one test never touches another. */
  let addressCounter = 0;
  const newAddress = () => `10.20.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;
  const login = (body: Record<string, unknown>, address: string) =>
    h.request('POST', '/api/login', { body, headers: { 'x-forwarded-for': address } });

  beforeAll(async () => {
    h = await startHarness(database);
    staff = { email: uniqueEmail('staff'), password: 'staff-password-long' };
    await createStaffAccount(h.db, new PasswordHasher(h.config.passwordHash), { ...staff, first_name: 'Amina', last_name: 'Wanjiru' });
  });
  afterAll(async () => {
    await h?.close();
  });

  describe('POST /api/login', () => {
    it('answers a token, the user and the role for a customer', async () => {
      const { email, password } = await h.register({ first_name: 'Kipchoge', last_name: 'Keino' });
      const answer = await login({ email: email.toUpperCase(), password }, newAddress());
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        user: { first_name: 'Kipchoge', last_name: 'Keino', email },
        role: 'customer',
        expires_at: expect.any(String),
      });
      // Only the hash is stored.
      const row = await h
        .db('access_tokens')
        .where({ token_hash: hashToken(answer.body.token) })
        .first();
      expect(row).toMatchObject({ kind: 'customer', revoked_at: null });
      expect(await h.db('access_tokens').where({ token_hash: answer.body.token }).first()).toBeUndefined();
    });

    it('answers a staff token for a staff account', async () => {
      const answer = await login(staff, newAddress());
      expect(answer.body).toMatchObject({ role: 'staff', user: { first_name: 'Amina', last_name: 'Wanjiru', email: staff.email } });
      expect(
        (
          await h
            .db('access_tokens')
            .where({ token_hash: hashToken(answer.body.token) })
            .first()
        ).kind,
      ).toBe('staff');
    });

    it('says the same for a wrong password and an unknown email', async () => {
      const { email } = await h.register();
      const address = newAddress();
      for (const body of [
        { email, password: 'wrong-password' },
        { email: uniqueEmail('nobody'), password: 'whatever1' },
      ]) {
        const answer = await login(body, address);
        expect(answer.status).toBe(422);
        expect(answer.body).toEqual({ message: CREDENTIALS_MESSAGE, errors: { email: [CREDENTIALS_MESSAGE] } });
      }
      const missing = await login({}, address);
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({ email: ['The email field is required.'], password: ['The password field is required.'] });
    });

    it('lets no deactivated account in, and its live tokens stop working', async () => {
      const { email, password } = await h.register();
      const token = await h.login(email, password);
      await h.db('accounts').where({ email }).update({ active: false });
      const answer = await login({ email, password }, newAddress());
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe('This account has been deactivated. Please contact us.');
      expect((await h.request('GET', '/api/get-profile', { token })).status).toBe(401);
    });

    it('keeps a token one day, or 30 days with remember-me', async () => {
      const { email, password } = await h.register();
      const expiresIn = async (extra: Record<string, unknown>) => {
        const answer = await login({ email, password, ...extra }, newAddress());
        const row = await h
          .db('access_tokens')
          .where({ token_hash: hashToken(answer.body.token) })
          .first('expires_at');
        const stored = new Date(typeof row.expires_at === 'string' ? `${row.expires_at.replace(' ', 'T')}Z` : row.expires_at).getTime();
        expect(Math.abs(Date.parse(answer.body.expires_at) - stored)).toBeLessThan(1000);
        return stored - Date.now();
      };
      const day = await expiresIn({});
      expect(day).toBeGreaterThan(24 * HOUR - 60_000);
      expect(day).toBeLessThanOrEqual(24 * HOUR);
      const month = await expiresIn({ remember: true });
      expect(month).toBeGreaterThan(30 * 24 * HOUR - 60_000);
      expect(month).toBeLessThanOrEqual(30 * 24 * HOUR);
      expect(await expiresIn({ remember: false })).toBeLessThanOrEqual(24 * HOUR);
    });

    it('upgrades a hash made with older costs at the next login', async () => {
      const { email, password } = await h.register();
      const weak = await new PasswordHasher({ memoryCost: 512, timeCost: 1, parallelism: 1 }).hash(password);
      await h.db('accounts').where({ email }).update({ password_hash: weak });
      expect((await login({ email, password }, newAddress())).status).toBe(200);
      const { password_hash } = await h.db('accounts').where({ email }).first('password_hash');
      expect(password_hash).not.toBe(weak);
      expect(password_hash).toContain(`m=${h.config.passwordHash.memoryCost}`);
    });
  });

  describe('login throttling (growing delays, never a lock)', () => {
    /** Moves every recorded failure `seconds` into the past: the test's way of letting time pass. */
    const timePasses = async (seconds: number) => {
      const rows: Array<{ id: number; created_at: Date | string }> = await h.db('login_attempts').select('id', 'created_at');
      for (const row of rows) {
        const at = Date.parse(toIso(row.created_at) ?? '');
        await h
          .db('login_attempts')
          .where({ id: row.id })
          .update({ created_at: sqlTimestamp(new Date(at - seconds * 1000)) });
      }
    };
    const SLOWED = /^Too many login attempts\. Please try again in \d+ (second|seconds|minute|minutes)\.$/;

    it('after 5 failures from one address each further attempt from it waits 1 s, 2 s, 4 s...; a success resets it', async () => {
      const { email, password } = await h.register();
      const attacker = newAddress();
      for (let i = 0; i < 5; i += 1) expect((await login({ email, password: `wrong-${i}` }, attacker)).status).toBe(422);

      const waits: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        const slowed = await login({ email, password: 'still-guessing' }, attacker);
        expect(slowed.status).toBe(429);
        expect(slowed.body.message).toMatch(SLOWED);
        waits.push(Number(slowed.headers.get('retry-after')));
        await timePasses(10 * 60);
        expect((await login({ email, password: `wrong-again-${round}` }, attacker)).status).toBe(422);
      }
      // 1 s, 2 s, 4 s after the latest failure (stored to the second, so up to one more).
      expect(waits[0]).toBeGreaterThanOrEqual(1);
      expect(waits[0]).toBeLessThanOrEqual(2);
      expect(waits[1]).toBeGreaterThanOrEqual(2);
      expect(waits[1]).toBeLessThanOrEqual(3);
      expect(waits[2]).toBeGreaterThanOrEqual(4);
      expect(waits[2]).toBeLessThanOrEqual(5);
      // Even the right password waits its turn from that address...
      expect((await login({ email, password }, attacker)).status).toBe(429);
      // ...and works once the delay has passed; the success starts that address from nothing again.
      await timePasses(60);
      expect((await login({ email, password }, attacker)).status).toBe(200);
      for (let i = 0; i < 5; i += 1) expect((await login({ email, password: `fresh-${i}` }, attacker)).status).toBe(422);
    });

    it('an attacker throttled on a staff account cannot keep the staff member out: the right password from another address works', async () => {
      const attacker = newAddress();
      let failures = 0;
      while (failures < 8) {
        const answer = await login({ email: staff.email, password: `guess-${failures}` }, attacker);
        if (answer.status === 429) await timePasses(30 * 60);
        else {
          expect(answer.status).toBe(422);
          failures += 1;
        }
      }
      expect((await login({ email: staff.email, password: 'one-more-guess' }, attacker)).status).toBe(429);
      const atTheOffice = await login(staff, newAddress());
      expect(atTheOffice.status).toBe(200);
      expect(atTheOffice.body.role).toBe('staff');
    });

    it('caps the delay: however many failures, an address waits at most 15 minutes', async () => {
      const { email } = await h.register();
      const attacker = newAddress();
      const now = sqlTimestamp(new Date(Date.now() - 2000));
      await h
        .db('login_attempts')
        .insert(Array.from({ length: 40 }, () => ({ throttle_key: pairKeyOf(email, attacker), account_key: null, created_at: now })));
      const slowed = await login({ email, password: 'guess' }, attacker);
      expect(slowed.status).toBe(429);
      expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60 + 1);
      expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
      expect(slowed.body).toEqual({ message: 'Too many login attempts. Please try again in 15 minutes.' });
    });

    it('slows guessing one account from many addresses, but never its owner at an address they signed in from before', async () => {
      const { email, password } = await h.register();
      const home = newAddress();
      expect((await login({ email, password }, home)).status).toBe(200);
      // One guess from each of 20 addresses: no address reaches its own limit.
      for (let i = 0; i < 20; i += 1) expect((await login({ email, password: `spread-${i}` }, newAddress())).status).toBe(422);
      const fromNewAddress = await login({ email, password: 'spread-guess' }, newAddress());
      expect(fromNewAddress.status).toBe(429);
      expect(Number(fromNewAddress.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await login({ email, password }, home)).status).toBe(200);
    });

    it('slows an address after 20 failures over any accounts; a forged first X-Forwarded-For entry does not escape', async () => {
      const address = newAddress();
      for (let i = 0; i < 20; i += 1) {
        // Each try claims another origin in front of the real last hop.
        const forged = `203.0.113.${i}, ${address}`;
        const answer = await h.request('POST', '/api/login', {
          body: { email: uniqueEmail('spray'), password: 'guess-123' },
          headers: { 'x-forwarded-for': forged },
        });
        expect(answer.status).toBe(422);
      }
      const victim = await h.register();
      const blocked = await h.request('POST', '/api/login', { body: victim, headers: { 'x-forwarded-for': `198.51.100.7, ${address}` } });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(SLOWED);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // The same customer from another address logs in.
      expect((await login(victim, newAddress())).status).toBe(200);
    });

    it('a password reset forgets the account failures from every address', async () => {
      const { email } = await h.register();
      const attacker = newAddress();
      for (let i = 0; i < 6; i += 1) await login({ email, password: `wrong-${i}` }, attacker);
      expect((await login({ email, password: 'wrong' }, attacker)).status).toBe(429);
      await h.request('POST', '/api/forgot-password', { body: { email } });
      const code = /\b(\d{6})\b/.exec((await h.outbox.latestTo(email))?.text ?? '')?.[1];
      const reset = await h.request('POST', '/api/forgot-password', {
        body: { email, code, password: 'brand-new-pw-1', password_confirmation: 'brand-new-pw-1' },
      });
      expect(reset.status).toBe(200);
      expect((await login({ email, password: 'brand-new-pw-1' }, attacker)).status).toBe(200);
    });

    it('counts an IPv6 attacker by their /64: a new address of it for each guess is still one address', async () => {
      const { email } = await h.register();
      const network = `2001:db8:77:${++addressCounter}`;
      for (let i = 0; i < 5; i += 1) expect((await login({ email, password: `wrong-${i}` }, `${network}::${i + 1}`)).status).toBe(422);
      const slowed = await login({ email, password: 'still-guessing' }, `${network}:ffff:ffff:ffff:ffff`);
      expect(slowed.status).toBe(429);
      expect(slowed.body.message).toMatch(SLOWED);
    });

    it('uses the socket address when no X-Forwarded-For is sent', async () => {
      // Direct calls come from 127.0.0.1: they share one bucket, separate from the forwarded ones.
      const { email, password } = await h.register();
      expect((await h.request('POST', '/api/login', { body: { email, password: 'nope-nope' } })).status).toBe(422);
      expect((await h.request('POST', '/api/login', { body: { email, password } })).status).toBe(200);
    });
  });

  describe('tokens', () => {
    it('revokes the presented token on logout; it then answers 401 everywhere', async () => {
      const { email, password } = await h.register();
      const token = await h.login(email, password);
      const second = await h.login(email, password);
      const out = await h.request('POST', '/api/logout', { token });
      expect(out).toMatchObject({ status: 200, body: { message: 'Logged out.' } });
      for (const [method, path] of [
        ['GET', '/api/get-profile'],
        ['GET', '/api/addresses'],
        ['GET', '/api/points'],
        ['POST', '/api/logout'],
      ] as const) {
        const answer = await h.request(method, path, { token });
        expect(answer).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } });
      }
      // Other sessions of the same customer go on.
      expect((await h.request('GET', '/api/get-profile', { token: second })).status).toBe(200);
    });

    it('answers 401 for an expired token', async () => {
      const { email, password } = await h.register();
      const token = await h.login(email, password);
      await h
        .db('access_tokens')
        .where({ token_hash: hashToken(token) })
        .update({ expires_at: sqlTimestamp(new Date(Date.now() - 1000)) });
      expect(await h.request('GET', '/api/get-profile', { token })).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } });
    });

    it('answers 401 without a token or with a malformed one', async () => {
      expect((await h.request('GET', '/api/get-profile')).status).toBe(401);
      expect((await h.request('GET', '/api/get-profile', { headers: { authorization: 'Bearer not-a-token' } })).status).toBe(401);
      expect((await h.request('GET', '/api/get-profile', { headers: { authorization: `Basic ${'a'.repeat(43)}` } })).status).toBe(401);
      expect((await h.request('GET', '/api/get-profile', { token: 'A'.repeat(43) })).status).toBe(401);
    });

    it('keeps staff and customers apart: 403 for the wrong kind of token', async () => {
      const customer = await h.customer();
      const staffToken = await h.login(staff.email, staff.password);
      expect(await h.request('POST', '/api/admin/logout', { token: customer.token })).toMatchObject({
        status: 403,
        body: { message: 'This action is unauthorized.' },
      });
      expect((await h.request('GET', '/api/get-profile', { token: staffToken })).status).toBe(403);
      expect((await h.request('POST', '/api/redeem/points', { token: staffToken, body: { points: 1 } })).status).toBe(403);
      expect((await h.request('POST', '/api/admin/logout')).status).toBe(401);
      expect(await h.request('POST', '/api/admin/logout', { token: staffToken })).toMatchObject({
        status: 200,
        body: { message: 'Logged out.' },
      });
      expect((await h.request('POST', '/api/admin/logout', { token: staffToken })).status).toBe(401);
      // The customer's token was untouched by the refused staff call.
      expect((await h.request('GET', '/api/get-profile', { token: customer.token })).status).toBe(200);
    });
  });

  describe('GET /internal/tokens/introspect', () => {
    const secret = () => h.config.internalSecret;

    it('resolves a live token for another service holding the shared secret', async () => {
      const customer = await h.customer();
      const answer = await h.request('GET', '/internal/tokens/introspect', {
        token: customer.token,
        headers: { 'x-internal-secret': secret() },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        account_id: customer.accountId,
        kind: 'customer',
        first_name: 'Wanjiku',
        last_name: 'Kamau',
        email: customer.email,
        phone: '0722000111',
        expires_at: expect.any(String),
      });
      await h.request('POST', '/api/logout', { token: customer.token });
      expect(
        (await h.request('GET', '/internal/tokens/introspect', { token: customer.token, headers: { 'x-internal-secret': secret() } }))
          .status,
      ).toBe(401);
      expect((await h.request('GET', '/internal/tokens/introspect', { headers: { 'x-internal-secret': secret() } })).status).toBe(401);
    });

    it('refuses callers without the right secret', async () => {
      const customer = await h.customer();
      expect((await h.request('GET', '/internal/tokens/introspect', { token: customer.token })).status).toBe(403);
      expect(
        (await h.request('GET', '/internal/tokens/introspect', { token: customer.token, headers: { 'x-internal-secret': 'guess' } }))
          .status,
      ).toBe(403);
    });

    it('gives other services the same guards through httpTokenResolver', async () => {
      const customer = await h.customer();
      const resolve = httpTokenResolver({ baseUrl: h.url, internalSecret: secret() });
      expect(await resolve(customer.token)).toMatchObject({
        tokenId: null,
        accountId: customer.accountId,
        kind: 'customer',
        email: customer.email,
      });
      const staffToken = await h.login(staff.email, staff.password);
      expect(await resolve(staffToken)).toMatchObject({ kind: 'staff', email: staff.email });
      expect(await resolve('B'.repeat(43))).toBeNull();
      await expect(httpTokenResolver({ baseUrl: h.url, internalSecret: 'wrong' })(customer.token)).rejects.toThrow('403');

      const guards = createAuthGuards(resolve);
      const run = async (guard: typeof guards.requireStaff, token: string) => {
        const ctx = { get: () => `Bearer ${token}`, state: {} as Record<string, unknown> };
        let reached = false;
        try {
          // A stand-in for the Koa context: the guards only read the Authorization header and write ctx.state.
          await guard(ctx as unknown as Parameters<typeof guard>[0], async () => {
            reached = true;
          });
          return reached ? 200 : 0;
        } catch (error) {
          return (error as { status: number }).status;
        }
      };
      expect(await run(guards.requireCustomer, customer.token)).toBe(200);
      expect(await run(guards.requireStaff, customer.token)).toBe(403);
      expect(await run(guards.requireStaff, staffToken)).toBe(200);
      expect(await run(guards.requireCustomer, 'C'.repeat(43))).toBe(401);
    });
  });
});
