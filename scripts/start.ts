/**
 * `npm start` (after the build): starts every service and the gateway on this machine and prints
 * where the shop is. Databases are migrated and seeded by each service as it starts.
 */
import { startStack } from './stack';

const port = Number(process.env.GATEWAY_PORT ?? 8080);
/**
 * This machine only (the services and remotes listen on 127.0.0.1 too): a shop started for
 * development has its mail outbox open, which hands out password-reset codes. GATEWAY_HOST=0.0.0.0
 * opens the shop to a phone on the same network; the outbox still answers only this machine.
 */
const host = process.env.GATEWAY_HOST || '127.0.0.1';
const openToNetwork = host !== '127.0.0.1' && host !== 'localhost' && host !== '::1';

startStack({
  gatewayPort: port,
  env: { GATEWAY_HOST: host },
  log: (line) => {
    if (process.env.LOG_LEVEL === 'debug' || /error|fail|warn/i.test(line)) console.log(line);
  },
})
  .then((stack) => {
    const url = `http://localhost:${port}`;
    console.log(
      [
        '',
        '  Shwari Shop is running.',
        '',
        `  Shop:          ${url}`,
        `  Back office:   ${url}/admin`,
        '',
        '  Demo customer: customer@example.com / Customer@123',
        '  Demo staff:    admin@shwarimills.co.ke / Admin@12345',
        `  Mail outbox:   ${url}/api/dev/outbox (password-reset codes land here without SMTP)`,
        '',
        openToNetwork
          ? `  Listening on ${host}:${port}: other machines on your network can open the shop at this machine's address.`
          : '  Only this machine can open it (GATEWAY_HOST=0.0.0.0 npm start opens it to a phone on your network).',
        '',
        '  Press Ctrl+C to stop.',
        '',
      ].join('\n'),
    );
    const stop = async () => {
      await stack.stop();
      process.exit(0);
    };
    process.once('SIGINT', () => void stop());
    process.once('SIGTERM', () => void stop());
  })
  .catch((error: unknown) => {
    console.error('The shop could not start:', error);
    process.exit(1);
  });
