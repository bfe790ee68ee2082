import { closeOnSignals, createDatabase, createLogger, internalSecretFromEnv, listen, serviceListenAddress } from '@shop/service-kit';
import { createCatalogApp, defaultUploadDir } from './app';
import { prepareCatalogDatabase } from './db/setup';
import { uploadedImagesFor } from './media/s3UploadedImages';
import { importUploadFolder } from './media/uploadedImages';

async function main(): Promise<void> {
  const logger = createLogger('catalog');
  // Refuses to start in production without INTERNAL_SECRET (the orders service's price lookups).
  const internalSecret = internalSecretFromEnv('catalog');
  const db = createDatabase({ service: 'catalog' });
  const { seeded } = await prepareCatalogDatabase(db);
  if (seeded) logger.info('catalogue seeded');
  // Uploads an earlier release kept on disk move into the store (the bucket when configured, else the database) (only what is missing, so every start may run it).
  const imported = await importUploadFolder(uploadedImagesFor(db), defaultUploadDir());
  if (imported > 0) logger.info({ imported }, 'uploaded images imported from the upload folder into the database');
  const { port, host } = serviceListenAddress('catalog');
  const running = await listen(createCatalogApp({ db, logger, internalSecret }), port, host);
  logger.info({ url: running.url }, 'catalog service listening');
  closeOnSignals(running, logger, [() => db.destroy()]);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
