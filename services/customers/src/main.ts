import { closeOnSignals, createDatabase, createLogger, listen, serviceListenAddress } from '@shop/service-kit';
import { refusePublishedStaffPasswords } from './accounts/default-passwords';
import { PasswordHasher } from './accounts/passwords';
import { createCustomersApp } from './app';
import { loadCustomersConfig } from './config';
import { prepareCustomersDatabase } from './db/setup';

async function main(): Promise<void> {
  const logger = createLogger('customers');
  // Refuses to start in production without INTERNAL_SECRET.
  const config = loadCustomersConfig();
  const db = createDatabase({ service: 'customers' });
  const hasher = new PasswordHasher(config.passwordHash);
  const { seeded } = await prepareCustomersDatabase(db, { seedDemoAccounts: config.seedDemoAccounts, hasher });
  if (seeded) logger.info('demo accounts seeded (admin@shwarimills.co.ke, customer@example.com)');
  if (config.production) await refusePublishedStaffPasswords(db, hasher);
  if (!config.smtp) logger.info({ outbox: config.outboxDir }, 'no SMTP_HOST: mails go to the local outbox');
  const { port, host } = serviceListenAddress('customers');
  const running = await listen(createCustomersApp({ db, logger, config, hasher }), port, host);
  logger.info({ url: running.url }, 'customers service listening');
  closeOnSignals(running, logger, [() => db.destroy()]);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
