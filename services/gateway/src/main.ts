import { closeOnSignals, createLogger, listen, processMetrics } from '@shop/service-kit';
import { createGateway } from './app';
import { loadGatewayConfig } from './config';
import { startMetricsServer } from './metricsServer';
import { connectSharedState } from './shared/sharedState';

const logger = createLogger('gateway');
const config = loadGatewayConfig();
// Several gateways share limits and staff changes through Redis; one alone keeps them in memory.
const shared = config.redisUrl
  ? connectSharedState(
      config.redisUrl,
      config.upstreams.map((route) => route.area),
      logger,
    )
  : undefined;
listen(createGateway(config, logger, shared), config.port, config.host)
  .then(async (running) => {
    logger.info({ port: running.port }, 'gateway listening');
    const metricsServer = config.metrics ? await startMetricsServer(config.metrics, processMetrics('gateway'), logger) : null;
    closeOnSignals(running, logger, [
      async () => new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve())),
      async () => shared?.close(),
    ]);
  })
  .catch((error: unknown) => {
    logger.error({ err: error }, 'gateway failed to start');
    process.exit(1);
  });
