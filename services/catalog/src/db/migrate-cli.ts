/** `npm run migrate -w @shop/catalog-service`: migrate and seed, then exit. */
import { createDatabase } from '@shop/service-kit';
import { prepareCatalogDatabase } from './setup';

const db = createDatabase({ service: 'catalog' });
prepareCatalogDatabase(db)
  .then(({ seeded }) => console.log(`catalog: migrated${seeded ? ' and seeded' : ''}`))
  .finally(() => db.destroy())
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
