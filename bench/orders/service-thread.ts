/**
 * One service of the checkout benchmark on its own worker thread (its own event loop, like the
 * separate process it is in production): starts the app on a database the main thread prepared
 * and posts back its URL; stops when asked.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { createDatabase, createLogger, listen, type RunningServer } from '@shop/service-kit';
import { createCatalogApp } from '../../services/catalog/src/app';
import { PasswordHasher } from '../../services/customers/src/accounts/passwords';
import { createCustomersApp } from '../../services/customers/src/app';
import { loadCustomersConfig } from '../../services/customers/src/config';
import { Outbox } from '../../services/customers/src/mail/mailer';
import { createGateway } from '../../services/gateway/src/app';
import { loadGatewayConfig } from '../../services/gateway/src/config';
import { buildOrdersServices, createOrdersApp } from '../../services/orders/src/app';
import { loadOrdersConfig } from '../../services/orders/src/config';

export interface ServiceThreadData {
  service: 'catalog' | 'customers' | 'orders' | 'gateway';
  dbUrl: string;
  internalSecret: string;
  catalogUrl?: string;
  customersUrl?: string;
  ordersUrl?: string;
}

async function start(data: ServiceThreadData): Promise<RunningServer> {
  if (data.service === 'gateway') {
    // One load generator is one client address: the gateway's per-address order limit is lifted.
    const env = {
      ...process.env,
      CATALOG_URL: data.catalogUrl,
      CUSTOMERS_URL: data.customersUrl,
      ORDERS_URL: data.ordersUrl,
      GATEWAY_RATE_LIMIT_ORDERS: '100000000',
      GATEWAY_METRICS_PORT: 'off',
    };
    return listen(createGateway(loadGatewayConfig(env), createLogger('gateway')), 0);
  }
  const db = createDatabase({ service: data.service, url: data.dbUrl });
  const logger = createLogger(data.service);
  if (data.service === 'catalog') return listen(createCatalogApp({ db, logger, internalSecret: data.internalSecret }), 0);
  if (data.service === 'customers') {
    const config = { ...loadCustomersConfig({ ...process.env, NODE_ENV: 'test' }), internalSecret: data.internalSecret, smtp: null };
    const hasher = new PasswordHasher(config.passwordHash);
    return listen(createCustomersApp({ db, logger, config, hasher, mailer: new Outbox(config.outboxDir) }), 0);
  }
  const config = {
    ...loadOrdersConfig({ NODE_ENV: 'test' }),
    internalSecret: data.internalSecret,
    catalogUrl: data.catalogUrl!,
    customersUrl: data.customersUrl!,
    seedHistory: false,
  };
  return listen(createOrdersApp(buildOrdersServices({ db, logger, config })), 0);
}

/**
 * BENCH_PROFILE=<service>: that service's thread is CPU-profiled from its start to its stop, and the
 * profile written to BENCH_PROFILE_FILE (default /tmp/<service>.cpuprofile), to be opened in Chrome's
 * DevTools: where its time per order goes, whatever the machine's load.
 */
async function profiled(service: string): Promise<(() => Promise<void>) | null> {
  if (process.env.BENCH_PROFILE !== service) return null;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(process.env.BENCH_PROFILE_FILE ?? `/tmp/${service}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  };
}

const data = workerData as ServiceThreadData;
Promise.all([profiled(data.service), start(data)])
  .then(([stopProfile, running]) => {
    parentPort!.postMessage({ url: running.url });
    parentPort!.once('message', () => {
      void (stopProfile ? stopProfile() : Promise.resolve()).then(() => running.close()).then(() => process.exit(0));
    });
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
