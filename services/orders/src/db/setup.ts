import type { Knex } from 'knex';
import { migrateThenSeed, type Logger } from '@shop/service-kit';
import type { CatalogClient } from '../clients/catalog';
import type { CustomersClient } from '../clients/customers';
import type { OrderNumbers } from '../orders/numbers';
import { migrations } from './migrations';
import { seedCoupons } from './seed/coupons';
import { seedOrderHistory, type HistoryOptions } from './seed/history';

export interface PrepareOptions {
  /** Order history on an empty orders table (development only; see config.seedHistory). */
  history?: { catalog: CatalogClient; customers: CustomersClient; numbers: OrderNumbers; logger: Logger; options?: HistoryOptions };
}

/**
 * Migrate, seed the coupons when there are none, and (when asked) months of order history, under
 * the migrations' lock: two replicas starting on an empty database seed once.
 */
export async function prepareOrdersDatabase(
  db: Knex,
  options: PrepareOptions = {},
): Promise<{ couponsSeeded: boolean; historyOrders: number }> {
  return migrateThenSeed(db, 'orders', migrations, async () => {
    const couponsSeeded = await seedCoupons(db);
    const historyOrders = options.history ? await seedOrderHistory(db, options.history, options.history.options) : 0;
    return { couponsSeeded, historyOrders };
  });
}
