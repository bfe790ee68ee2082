import { closeOnSignals, createLogger, listen } from '@shop/service-kit';
import { createGateway } from './app';
import { loadGatewayConfig } from './config';

const logger = createLogger('gateway');
const config = loadGatewayConfig();
listen(createGateway(config, logger), config.port, config.host)
  .then((running) => {
    logger.info({ port: running.port }, 'gateway listening');
    closeOnSignals(running, logger);
  })
  .catch((error: unknown) => {
    logger.error({ err: error }, 'gateway failed to start');
    process.exit(1);
  });
