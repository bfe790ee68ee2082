import { spawn } from 'node:child_process';
import path from 'node:path';
import { SIGN_UP_POINTS } from '@shop/api-types';
import { testDatabases } from '@shop/service-kit/testing';
import { PasswordHasher } from './passwords';
import { createStaffAccount, StaffAccountError } from './create-admin';
import { loadCustomersConfig } from '../config';
import { DEMO_CUSTOMER, DEMO_STAFF } from '../db/seed/demo-accounts';
import { prepareCustomersDatabase } from '../db/setup';
import { startHarness, uniqueEmail, type Harness } from '../testing/harness';

const valid = () => ({
  email: uniqueEmail('reg'),
  password: 'Passw0rd!23',
  first_name: 'Achieng',
  last_name: 'Odhiambo',
  phone: '0712345678',
});

describe.each(testDatabases('customers'))('accounts on $dialect', (database) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(database);
  });
  afterAll(async () => {
    await h?.close();
  });

  describe('POST /api/site/register', () => {
    it('creates a customer with the sign-up points as the first ledger row', async () => {
      const body = { ...valid(), email: `  New.Shopper.${Date.now()}@Example.COM ` };
      const answer = await h.request('POST', '/api/site/register', { body });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ status: 201, message: 'Registration successful. You can now log in.' });

      const email = body.email.trim().toLowerCase();
      const account = await h.db('accounts').where({ email }).first();
      expect(account).toMatchObject({ first_name: 'Achieng', last_name: 'Odhiambo', phone: '0712345678', role: 'customer', photo: null });
      expect(Boolean(account.active)).toBe(true);
      expect(account.password_hash).toMatch(/^\$argon2id\$/);
      const ledger = await h.db('points_ledger').where({ account_id: account.id }).orderBy('id');
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({ delta: SIGN_UP_POINTS, balance_after: SIGN_UP_POINTS, reason: 'sign_up', reference: null });

      const token = await h.login(email, body.password);
      expect((await h.request('GET', '/api/get-profile', { token })).body.loyalty_points).toEqual({ current_balance: 20 });
    });

    it('ignores every field but the five it reads (no role, no points from the client)', async () => {
      const body = {
        ...valid(),
        role: 'staff',
        points: 100000,
        active: false,
        id: 1,
        password_hash: 'x',
        loyalty_points: { current_balance: 9999 },
      };
      expect((await h.request('POST', '/api/site/register', { body })).status).toBe(201);
      const account = await h.db('accounts').where({ email: body.email }).first();
      expect(account.role).toBe('customer');
      expect(Boolean(account.active)).toBe(true);
      const login = await h.request('POST', '/api/login', { body: { email: body.email, password: body.password } });
      expect(login.body.role).toBe('customer');
      const sum = await h.db('points_ledger').where({ account_id: account.id }).sum({ total: 'delta' });
      expect(Number(sum[0]?.total)).toBe(SIGN_UP_POINTS);
    });

    it('refuses a taken email, whatever its case', async () => {
      const body = valid();
      expect((await h.request('POST', '/api/site/register', { body })).status).toBe(201);
      const again = await h.request('POST', '/api/site/register', { body: { ...body, email: body.email.toUpperCase() } });
      expect(again.status).toBe(422);
      expect(again.body).toEqual({
        message: 'The email has already been taken.',
        errors: { email: ['The email has already been taken.'] },
      });
    });

    it('lets exactly one of several simultaneous submits through (the unique index decides)', async () => {
      const body = valid();
      const answers = await Promise.all(Array.from({ length: 6 }, () => h.request('POST', '/api/site/register', { body })));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, 422, 422, 422, 422, 422]);
      for (const answer of answers.filter((a) => a.status === 422))
        expect(answer.body.errors).toEqual({ email: ['The email has already been taken.'] });
      const rows = await h.db('accounts').where({ email: body.email });
      expect(rows).toHaveLength(1);
      expect(await h.db('points_ledger').where({ account_id: rows[0].id })).toHaveLength(1);
    });

    it('names each missing field with a Laravel-style message', async () => {
      const answer = await h.request('POST', '/api/site/register', { body: {} });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({
        email: ['The email field is required.'],
        password: ['The password field is required.'],
        first_name: ['The first name field is required.'],
        last_name: ['The last name field is required.'],
        phone: ['The phone field is required.'],
      });
      expect(answer.body.message).toBe('The email field is required.');
      for (const field of ['email', 'password', 'first_name', 'last_name', 'phone'] as const) {
        const body: Record<string, unknown> = valid();
        delete body[field];
        const missing = await h.request('POST', '/api/site/register', { body });
        expect(missing.status).toBe(422);
        expect(Object.keys(missing.body.errors)).toEqual([field]);
        const blank = await h.request('POST', '/api/site/register', { body: { ...valid(), [field]: '   ' } });
        expect(Object.keys(blank.body.errors)).toEqual([field]);
      }
    });

    it.each([
      ['email', 'not-an-email', 'The email field must be a valid email address.'],
      ['email', 42, 'The email field must be a string.'],
      ['email', `${'a'.repeat(250)}@example.com`, 'The email field must not be greater than 255 characters.'],
      ['phone', '071234567', 'The phone field must be 10 digits.'],
      ['phone', '07123456789', 'The phone field must be 10 digits.'],
      ['phone', '07123456ab', 'The phone field must be 10 digits.'],
      ['phone', '1712345678', 'The phone field must start with 0, e.g. 0712345678.'],
      ['phone', 712345678, 'The phone field must be 10 digits.'],
      ['password', 'short', 'The password field must be at least 8 characters.'],
      ['password', 12345678, 'The password field must be a string.'],
      ['first_name', 'x'.repeat(61), 'The first name field must not be greater than 60 characters.'],
      ['last_name', ['a'], 'The last name field must be a string.'],
    ])('refuses %s = %p with "%s"', async (field, value, message) => {
      const answer = await h.request('POST', '/api/site/register', { body: { ...valid(), [field]: value } });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ [field]: [message] });
    });

    it('accepts a phone written with spaces and stores the 10 digits', async () => {
      const body = { ...valid(), phone: '0712 345 678' };
      expect((await h.request('POST', '/api/site/register', { body })).status).toBe(201);
      expect((await h.db('accounts').where({ email: body.email }).first('phone')).phone).toBe('0712345678');
    });

    it.each(['+254 712 345 678', '254712345678', '0712-345-678', '712 345 678', '+254 (0) 712.345.678'])(
      'accepts the phone written %p and stores it as 0712345678',
      async (phone) => {
        const body = { ...valid(), phone };
        expect((await h.request('POST', '/api/site/register', { body })).status).toBe(201);
        expect((await h.db('accounts').where({ email: body.email }).first('phone')).phone).toBe('0712345678');
        const token = await h.login(body.email, body.password);
        expect((await h.request('GET', '/api/get-profile', { token })).body.phone).toBe('0712345678');
      },
    );

    it('stores a number of the 01XX ranges the same way', async () => {
      const body = { ...valid(), phone: '+254 110 123 456' };
      expect((await h.request('POST', '/api/site/register', { body })).status).toBe(201);
      expect((await h.db('accounts').where({ email: body.email }).first('phone')).phone).toBe('0110123456');
    });

    it("answers the spec's message for a number that is still too short after its country code", async () => {
      const answer = await h.request('POST', '/api/site/register', { body: { ...valid(), phone: '+254 712 345' } });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ phone: ['The phone field must be 10 digits.'] });
    });

    it('answers a body that is not an object with 422 and broken JSON with 400, never 500', async () => {
      expect((await h.request('POST', '/api/site/register', { raw: '[1,2]' })).status).toBe(422);
      // koa-bodyparser's strict mode takes only objects and arrays as JSON bodies.
      expect((await h.request('POST', '/api/site/register', { raw: '"text"' })).status).toBe(400);
      const broken = await h.request('POST', '/api/site/register', { raw: '{"email":' });
      expect(broken).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } });
      expect(
        (await h.request('POST', '/api/site/register', { raw: JSON.stringify({ ...valid(), first_name: 'x'.repeat(200_000) }) })).status,
      ).toBe(413);
      expect((await h.request('GET', '/api/site/register')).status).toBe(405);
    });
  });

  describe('staff accounts (create-admin)', () => {
    const hasher = () => new PasswordHasher(h.config.passwordHash);

    it('creates a staff account that logs in with role staff; short passwords and taken emails are refused', async () => {
      const email = uniqueEmail('staff');
      await expect(
        createStaffAccount(h.db, hasher(), { email, first_name: 'Amina', last_name: 'Wanjiru', password: 'elevenchars' }),
      ).rejects.toThrow('The password field must be at least 12 characters.');
      const created = await createStaffAccount(h.db, hasher(), {
        email,
        first_name: 'Amina',
        last_name: 'Wanjiru',
        password: 'a-long-staff-password',
      });
      expect(created.email).toBe(email);
      const login = await h.request('POST', '/api/login', { body: { email, password: 'a-long-staff-password' } });
      expect(login.body).toMatchObject({ role: 'staff', user: { first_name: 'Amina', last_name: 'Wanjiru', email } });
      await expect(
        createStaffAccount(h.db, hasher(), { email, first_name: 'A', last_name: 'B', password: 'another-long-password' }),
      ).rejects.toBeInstanceOf(StaffAccountError);
    });

    it('works from the command line with ADMIN_PASSWORD', async () => {
      const email = uniqueEmail('cli-staff');
      const run = (password: string) =>
        new Promise<{ code: number | null; output: string }>((resolve) => {
          const child = spawn(
            path.join(__dirname, '../../../../node_modules/.bin/tsx'),
            [path.join(__dirname, 'create-admin-cli.ts'), '--email', email, '--first-name', 'Baraka', '--last-name', 'Mwangi'],
            {
              env: {
                ...process.env,
                DATABASE_URL: h.dbUrl,
                ADMIN_PASSWORD: password,
                NODE_ENV: 'production',
                INTERNAL_SECRET: 'test-secret',
              },
              stdio: ['ignore', 'pipe', 'pipe'],
            },
          );
          let output = '';
          child.stdout.on('data', (chunk) => (output += String(chunk)));
          child.stderr.on('data', (chunk) => (output += String(chunk)));
          child.on('close', (code) => resolve({ code, output }));
        });
      const short = await run('too-short');
      expect(short.code).toBe(1);
      expect(short.output).toContain('at least 12 characters');
      const ok = await run('a-long-enough-password');
      expect(ok.output).toContain(`Staff account ${email} created`);
      expect(ok.code).toBe(0);
      const login = await h.request('POST', '/api/login', { body: { email, password: 'a-long-enough-password' } });
      expect(login.body.role).toBe('staff');
    }, 30_000);
  });
});

describe.each(testDatabases('customers'))('seeds on $dialect', (database) => {
  it('seeds the demo staff and customer once in development, never in production', async () => {
    const h = await startHarness(database, { seedDemoAccounts: true });
    try {
      const staff = await h.request('POST', '/api/login', { body: { email: DEMO_STAFF.email, password: DEMO_STAFF.password } });
      expect(staff.body).toMatchObject({ role: 'staff', user: { first_name: 'Amina', last_name: 'Wanjiru', email: DEMO_STAFF.email } });
      const token = await h.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      const profile = await h.request('GET', '/api/get-profile', { token });
      expect(profile.body).toMatchObject({
        first_name: 'Juma',
        last_name: 'Otieno',
        phone: '0712345678',
        loyalty_points: { current_balance: 150 },
      });
      const points = await h.request('GET', '/api/points', { token });
      expect(points.body.entries.map((entry: { reason: string; delta: number }) => [entry.reason, entry.delta])).toEqual([
        ['welcome_bonus', 130],
        ['sign_up', 20],
      ]);
      const addresses = await h.request('GET', '/api/addresses', { token });
      expect(addresses.body).toHaveLength(1);
      expect(addresses.body[0]).toMatchObject({ county: { id: 47, name: 'Nairobi' }, sub_county: { name: 'Westlands' } });

      // A second start seeds nothing more.
      await prepareCustomersDatabase(h.db, { seedDemoAccounts: true, hasher: new PasswordHasher(h.config.passwordHash) });
      expect(await h.db('accounts')).toHaveLength(2);

      const production = loadCustomersConfig({ NODE_ENV: 'production', INTERNAL_SECRET: 'set' });
      expect(production.seedDemoAccounts).toBe(false);
      expect(loadCustomersConfig({ NODE_ENV: 'development', CUSTOMERS_SEED: 'false' }).seedDemoAccounts).toBe(false);
    } finally {
      await h.close();
    }
  });
});
