import { closeOnSignals, createLogger, listen, processMetrics } from '@shop/service-kit';
import { createGateway } from './app';
import { loadGatewayConfig } from './config';
import { startMetricsServer } from './metricsServer';

const logger = createLogger('gateway');
const config = loadGatewayConfig();
listen(createGateway(config, logger), config.port, config.host)
  .then(async (running) => {
    logger.info({ port: running.port }, 'gateway listening');
    const metricsServer = config.metrics ? await startMetricsServer(config.metrics, processMetrics('gateway'), logger) : null;
    closeOnSignals(running, logger, [
      async () => new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve())),
    ]);
  })
  .catch((error: unknown) => {
    logger.error({ err: error }, 'gateway failed to start');
    process.exit(1);
  });
