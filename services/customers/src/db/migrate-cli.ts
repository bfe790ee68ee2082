/** `npm run migrate -w @shop/customers-service`: migrate, write the places (and demo accounts in development), then exit. */
import { createDatabase } from '@shop/service-kit';
import { PasswordHasher } from '../accounts/passwords';
import { loadCustomersConfig } from '../config';
import { prepareCustomersDatabase } from './setup';

const config = loadCustomersConfig();
const db = createDatabase({ service: 'customers' });
prepareCustomersDatabase(db, { seedDemoAccounts: config.seedDemoAccounts, hasher: new PasswordHasher(config.passwordHash) })
  .then(({ seeded }) => console.log(`customers: migrated${seeded ? ' and seeded' : ''}`))
  .finally(() => db.destroy())
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
