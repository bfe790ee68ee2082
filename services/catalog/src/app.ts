import packageJson from '../package.json';
import { CATALOG_CONTRACT } from './contract';
import path from 'node:path';
import type { Knex } from 'knex';
import type { ProductOrderLinesResponse } from '@shop/api-types';
import {
  REPO_ROOT,
  accessRoutes,
  callerGuards,
  SHOP_SERVICES,
  answerUnavailableAs503,
  createAuthGuards,
  createServiceApp,
  createServiceClient,
  httpTokenResolver,
  internalSecretFromEnv,
  serviceUrl,
  type Logger,
  type TokenResolver,
} from '@shop/service-kit';
import { adminCatalogRoutes, type ProductOrderLines } from './admin/admin-routes';
import { audit } from './audit';
import { CatalogRepository } from './products/repository';
import { productInternalRoutes } from './products/internal-routes';
import { productRoutes } from './products/routes';
import { mediaMiddleware } from './media/routes';
import { uploadedImagesFor } from './media/s3UploadedImages';
import { adminSynonymRoutes } from './search/admin-routes';
import { synonymInternalRoutes } from './search/internal-routes';
import { SearchIndex } from './search/search-index';
import { SearchSynonyms } from './search/synonyms';

export const MEDIA_DIR = path.resolve(__dirname, '../media');
/**
 * Where an earlier release kept staff uploads on disk: imported into the database at start
 * (media/uploadedImages.ts), read from nowhere else.
 */
export const defaultUploadDir = (): string =>
  process.env.MEDIA_UPLOAD_DIR || path.join(process.env.SHOP_DATA_DIR || path.join(REPO_ROOT, 'data'), 'uploads');

/** The orders that contain a product, asked of the orders service (its own tables). */
function httpOrderLines(baseUrl: string, internalSecret: string): ProductOrderLines {
  const orders = createServiceClient({ area: SHOP_SERVICES.orders.area, baseUrl, internalSecret, timeoutMs: 3000 });
  return async (productId) => {
    const answer = await orders.get<ProductOrderLinesResponse>(`/internal/products/${productId}/order-lines`);
    if (answer.status !== 200) throw orders.unavailable(`order lines answered ${answer.status}`);
    return answer.body.order_items;
  };
}

export interface CatalogAppOptions {
  db: Knex;
  logger: Logger;
  mediaDir?: string;
  /** Guards /internal/*; by default INTERNAL_SECRET (required in production, see internalSecretFromEnv). */
  internalSecret?: string;
  /** Who a bearer token belongs to; by default asked of the customers service. */
  resolveToken?: TokenResolver;
  orderLines?: ProductOrderLines;
  /** How often at most a search reads the catalogue's revision (ms); 1000 by default. */
  searchRevisionCheckMs?: number;
}

export function createCatalogApp({
  db,
  logger,
  mediaDir = MEDIA_DIR,
  internalSecret = internalSecretFromEnv('catalog'),
  // The customers service down answers the staff routes 503 (logged), not 500.
  resolveToken = answerUnavailableAs503(httpTokenResolver({ baseUrl: serviceUrl('customers'), internalSecret }), logger),
  orderLines = httpOrderLines(serviceUrl('orders'), internalSecret),
  searchRevisionCheckMs = 1000,
}: CatalogAppOptions) {
  const app = createServiceApp({
    name: 'catalog',
    version: packageJson.version,
    contract: CATALOG_CONTRACT,
    logger,
    db,
    bodyLimit: '300kb',
  });
  const repository = new CatalogRepository(db);
  const synonyms = new SearchSynonyms(db);
  const search = new SearchIndex(repository, synonyms, { revisionCheckMs: searchRevisionCheckMs });
  const guards = createAuthGuards(resolveToken);
  // A staff change made through this instance is searched at once (other instances follow the revision).
  app.use(async (ctx, next) => {
    await next();
    if (ctx.method !== 'GET' && ctx.path.startsWith('/api/admin/') && ctx.status < 400) search.forget();
  });
  const uploads = uploadedImagesFor(db);
  app.use(mediaMiddleware(mediaDir, uploads));
  const routes = accessRoutes('catalog', callerGuards(guards, { internalSecret }));
  productRoutes(routes, repository, search);
  productInternalRoutes(routes, repository, (revision) => search.noteRevision(revision));
  synonymInternalRoutes(routes, repository, synonyms);
  adminSynonymRoutes(routes, db, synonyms);
  adminCatalogRoutes(routes, { db, uploads, orderLines, logger });
  audit.routes(db, routes);
  routes.mount(app);
  return app;
}
