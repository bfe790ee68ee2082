/** `npm run reconcile -w @shop/orders-service`: one reconciliation pass (what the service runs every RECONCILE_INTERVAL_MS), then exit. */
import { createDatabase, createLogger, migrateLatest } from '@shop/service-kit';
import { buildOrdersServices } from '../app';
import { loadOrdersConfig } from '../config';
import { migrations } from '../db/migrations';

async function run(): Promise<void> {
  const logger = createLogger('orders-reconcile');
  const config = loadOrdersConfig();
  const db = createDatabase({ service: 'orders' });
  try {
    await migrateLatest(db, 'orders', migrations);
    const services = buildOrdersServices({ db, logger, config });
    const report = await services.reconciler.runOnce().finally(() => services.close());
    console.log(`reconcile: ${JSON.stringify(report)}`);
  } finally {
    await db.destroy();
  }
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
