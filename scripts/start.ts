/**
 * `npm start` (after the build): starts every service and the gateway on this machine and prints
 * where the shop is. Databases are migrated and seeded by each service as it starts.
 */
import { startStack } from './stack';

const port = Number(process.env.GATEWAY_PORT ?? 8080);

startStack({
  gatewayPort: port,
  env: { GATEWAY_HOST: process.env.GATEWAY_HOST ?? '0.0.0.0' },
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
