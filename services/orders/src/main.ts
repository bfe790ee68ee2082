import { closeOnSignals, createDatabase, createLogger, listen, serviceListenAddress } from '@shop/service-kit';
import { buildOrdersServices, createOrdersApp } from './app';
import { loadOrdersConfig } from './config';
import { findDemoCustomer } from './db/seed/demo-customer';
import { prepareOrdersDatabase } from './db/setup';

async function main(): Promise<void> {
  const logger = createLogger('orders');
  // Refuses to start in production without INTERNAL_SECRET, or with the payment simulator.
  const config = loadOrdersConfig();
  const db = createDatabase({ service: 'orders' });
  const services = buildOrdersServices({ db, logger, config });

  const seedHistory = config.seedHistory
    ? {
        catalog: services.catalog,
        customers: services.customers,
        numbers: services.numbers,
        logger,
        options: { demoCustomer: await findDemoCustomer(config.customersUrl, config.internalSecret) },
      }
    : undefined;
  const { couponsSeeded, historyOrders } = await prepareOrdersDatabase(db, { history: seedHistory });
  if (couponsSeeded) logger.info('coupons seeded (KARIBU10, UNGA200, ONCEONLY, EXPIRED5)');
  if (historyOrders > 0) logger.info({ orders: historyOrders }, 'order history seeded');
  logger.info(
    { hosted: config.payments.hosted, mpesa: config.payments.mpesa ? 'daraja' : services.simulator ? 'simulator' : 'off' },
    'payment providers',
  );

  const { port, host } = serviceListenAddress('orders');
  const running = await listen(createOrdersApp(services), port, host);
  logger.info({ url: running.url }, 'orders service listening');
  const stopReconciler = services.reconciler.start(config.reconcileIntervalMs);
  closeOnSignals(running, logger, [stopReconciler, () => services.close(), () => db.destroy()]);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
