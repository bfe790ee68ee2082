import { testDatabases } from '@shop/service-kit/testing';
import { loadCustomersConfig } from '../config';
import { prepareCustomersDatabase } from '../db/setup';
import { DEMO_STAFF } from '../db/seed/demo-accounts';
import { refusePublishedStaffPasswords, staffWithPublishedPasswords } from './default-passwords';
import { PasswordHasher } from './passwords';

describe.each(testDatabases('customers'))('published staff passwords ($dialect)', (database) => {
  const hasher = new PasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });

  it('refuses a production start while the demo staff password still works, and allows it once changed', async () => {
    const { db, drop } = await database.create();
    try {
      await prepareCustomersDatabase(db, { seedDemoAccounts: true, hasher });
      expect(await staffWithPublishedPasswords(db, hasher)).toEqual([DEMO_STAFF.email]);
      await expect(refusePublishedStaffPasswords(db, hasher)).rejects.toThrow(
        `Refusing to start in production: the staff account ${DEMO_STAFF.email} still uses the published demo password.`,
      );

      await db('accounts')
        .where({ email: DEMO_STAFF.email })
        .update({ password_hash: await hasher.hash('a-real-staff-password-2026') });
      await expect(refusePublishedStaffPasswords(db, hasher)).resolves.toBeUndefined();

      // A deactivated account cannot sign in, so it does not block the start either.
      await db('accounts')
        .where({ email: DEMO_STAFF.email })
        .update({ password_hash: await hasher.hash(DEMO_STAFF.password), active: false });
      await expect(refusePublishedStaffPasswords(db, hasher)).resolves.toBeUndefined();
    } finally {
      await drop();
    }
  });
});

describe('secrets in production', () => {
  it('refuses a missing or development-default INTERNAL_SECRET', () => {
    expect(() => loadCustomersConfig({ NODE_ENV: 'production' })).toThrow('INTERNAL_SECRET must be set in production');
    expect(() => loadCustomersConfig({ NODE_ENV: 'production', INTERNAL_SECRET: 'dev-internal-secret' })).toThrow(
      'INTERNAL_SECRET must not be the development default in production',
    );
    expect(loadCustomersConfig({ NODE_ENV: 'production', INTERNAL_SECRET: 'a-long-random-value-from-the-vault' }).internalSecret).toBe(
      'a-long-random-value-from-the-vault',
    );
  });
});
