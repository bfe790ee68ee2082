/** `npm run migrate -w @shop/orders-service`: migrate and seed the coupons, then exit (order history is seeded by `npm start`). */
import { createDatabase } from '@shop/service-kit';
import { prepareOrdersDatabase } from './setup';

const db = createDatabase({ service: 'orders' });
prepareOrdersDatabase(db)
  .then(({ couponsSeeded }) => console.log(`orders: migrated${couponsSeeded ? ' and coupons seeded' : ''}`))
  .finally(() => db.destroy())
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
