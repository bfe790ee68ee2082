import multer from '@koa/multer';
import type Koa from 'koa';
import type { Knex } from 'knex';
import {
  ADMIN_MESSAGES,
  PRODUCT_IMAGE_MAX_BYTES,
  adminBrandFormSchema,
  adminCategoryFormSchema,
  adminProductFormSchema,
  adminProductListQuerySchema,
  idParamSchema,
  type AdminBrandDetail,
  type AdminCategoryDetail,
  type AdminProductDetail,
  type ProductOrderLine,
} from '@shop/api-types';
import {
  currentAuth,
  notFound,
  parseBody,
  parseParams,
  unprocessable,
  type AuthState,
  type Logger,
  type AccessRoutes,
} from '@shop/service-kit';
import { audit } from '../audit';
import { AdminCatalogRepository } from './admin-repository';
import type { UploadedImages } from '../media/uploadedImages';
import { storeProductImage, type UploadedFile } from './images';

/** Where the product detail page finds the orders that contain a product (the orders service). */
export type ProductOrderLines = (productId: number) => Promise<ProductOrderLine[]>;

export interface AdminRoutesOptions {
  db: Knex;
  uploads: UploadedImages;
  orderLines: ProductOrderLines;
  logger: Logger;
}

/** Multipart with one product image (the spec's picker allows several; the first one is used). */
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 5, fields: 40, fieldSize: 200_000 },
});

/** Multipart parsing whose limit errors become the shop's 422 answers instead of 500s. */
const multipart: Koa.Middleware = async (ctx, next) => {
  if (!ctx.is('multipart')) return next();
  try {
    await upload.any()(ctx as never, async () => undefined);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'LIMIT_FILE_SIZE') throw unprocessable({ image: ['The image may not be greater than 2 MB.'] });
    if (code?.startsWith('LIMIT_')) throw unprocessable({ _: ['The form is too large.'] });
    throw unprocessable({ _: ['The form could not be read.'] });
  }
  await next();
};

const firstImage = (ctx: Koa.Context): UploadedFile | undefined => {
  const files = (ctx.request as unknown as { files?: UploadedFile[] & { fieldname?: string } }).files;
  const list = Array.isArray(files) ? (files as Array<UploadedFile & { fieldname: string }>) : [];
  return list.find((file) => file.fieldname === 'image' || file.fieldname === 'image[]' || file.fieldname === 'files');
};

/** The back office's catalogue calls (admin spec section 7): staff only; writes audited. */
export function adminCatalogRoutes(routes: AccessRoutes<AuthState>, { db, uploads, orderLines, logger }: AdminRoutesOptions): void {
  const repository = new AdminCatalogRepository(db);
  const router = routes.under('/api/admin');
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  router.get('/products', async (ctx) => {
    const query = parseParams(adminProductListQuerySchema, ctx.query);
    ctx.body = await repository.list({
      q: query.q,
      brandId: query.brand_id,
      categoryId: query.category_id,
      sort: query.sort,
      includeArchived: query.archived === '1',
    });
  });

  router.get('/products/view/:id', async (ctx) => {
    const { id } = parseParams(idParamSchema, ctx.params);
    const product = await repository.byId(id);
    if (!product) throw notFound('Product not found.');
    let lines: ProductOrderLine[] = [];
    try {
      lines = await orderLines(id);
    } catch (error) {
      // The product still shows when the orders service is down; its orders table stays empty.
      logger.warn({ err: error, productId: id }, 'order lines unavailable');
    }
    const detail: AdminProductDetail = { ...product, order_items: lines };
    ctx.body = detail;
  });

  const saveProduct =
    (mode: 'create' | 'update'): Koa.Middleware<AuthState> =>
    async (ctx) => {
      const id = mode === 'update' ? parseParams(idParamSchema, ctx.params).id : undefined;
      if (id !== undefined && !(await repository.byId(id))) throw notFound('Product not found.');
      const form = parseBody(adminProductFormSchema, ctx.request.body);
      const missing = await repository.missingReferences(form);
      const file = firstImage(ctx as unknown as Koa.Context);
      if (mode === 'create' && !file) missing.image = ['The image field is required.'];
      if (Object.keys(missing).length) throw unprocessable(missing);
      const image = file ? await storeProductImage(file, uploads) : null;
      const auth = currentAuth(ctx);
      const productId = await db.transaction(async (trx) => {
        const savedId = id === undefined ? await repository.create(trx, form, image!) : (await repository.update(trx, id, form, image), id);
        await audit.record(trx, auth, {
          action: mode === 'create' ? 'product.created' : 'product.updated',
          entity: 'product',
          entityId: savedId,
          summary: `${mode === 'create' ? 'Added' : 'Updated'} ${form.name} (${form.status}${form.is_featured ? ', featured' : ''})${image ? ' with a new image' : ''}`,
        });
        return savedId;
      });
      ctx.status = mode === 'create' ? 201 : 200;
      ctx.body = {
        message: mode === 'create' ? ADMIN_MESSAGES.productSaved : ADMIN_MESSAGES.productUpdated,
        product: await repository.byId(productId),
      };
    };
  router.post('/products/store', multipart, saveProduct('create'));
  router.post('/products/update/:id', multipart, saveProduct('update'));

  const archive =
    (table: 'products' | 'categories' | 'brands', entity: string, archived: boolean): Koa.Middleware<AuthState> =>
    async (ctx) => {
      const { id } = parseParams(idParamSchema, ctx.params);
      const auth = currentAuth(ctx);
      const row: { name: string } | undefined = await db(table).where({ id }).first('name');
      if (!row) throw notFound(`${entity[0]!.toUpperCase()}${entity.slice(1)} not found.`);
      await db.transaction(async (trx) => {
        await repository.setArchived(trx, table, id, archived);
        await audit.record(trx, auth, {
          action: `${entity}.${archived ? 'archived' : 'restored'}`,
          entity,
          entityId: id,
          summary: `${archived ? 'Archived' : 'Restored'} ${row.name}`,
        });
      });
      ctx.body = { message: `${row.name} ${archived ? 'archived' : 'restored'}.` };
    };
  router.post('/products/archive/:id', archive('products', 'product', true));
  router.post('/products/restore/:id', archive('products', 'product', false));

  // Categories and brands: lists with product counts, a view with their products, add, edit, archive.
  router.get('/categories', async (ctx) => {
    ctx.body = await repository.categories(ctx.query.archived === '1');
  });
  router.get('/categories/view/:id', async (ctx) => {
    const { id } = parseParams(idParamSchema, ctx.params);
    const category = (await repository.categories(true)).find((item) => item.id === id);
    if (!category) throw notFound('Category not found.');
    const detail: AdminCategoryDetail = { ...category, products: await repository.list({ categoryId: id }) };
    ctx.body = detail;
  });
  const saveCategory =
    (mode: 'create' | 'update'): Koa.Middleware<AuthState> =>
    async (ctx) => {
      const id = mode === 'update' ? parseParams(idParamSchema, ctx.params).id : undefined;
      if (id !== undefined && !(await db('categories').where({ id }).first('id'))) throw notFound('Category not found.');
      const form = parseBody(adminCategoryFormSchema, ctx.request.body);
      const auth = currentAuth(ctx);
      const savedId = await db.transaction(async (trx) => {
        const saved = await repository.saveCategory(trx, form.name, id);
        await audit.record(trx, auth, {
          action: `category.${mode === 'create' ? 'created' : 'updated'}`,
          entity: 'category',
          entityId: saved,
          summary: `${mode === 'create' ? 'Added' : 'Renamed to'} ${form.name}`,
        });
        return saved;
      });
      ctx.status = mode === 'create' ? 201 : 200;
      ctx.body = {
        message: mode === 'create' ? 'Category successfully saved.' : 'Category successfully updated.',
        category: (await repository.categories(true)).find((item) => item.id === savedId),
      };
    };
  router.post('/categories/store', multipart, saveCategory('create'));
  router.post('/categories/update/:id', multipart, saveCategory('update'));
  router.post('/categories/archive/:id', archive('categories', 'category', true));
  router.post('/categories/restore/:id', archive('categories', 'category', false));

  router.get('/brands', async (ctx) => {
    ctx.body = await repository.brands(ctx.query.archived === '1');
  });
  router.get('/brands/view/:id', async (ctx) => {
    const { id } = parseParams(idParamSchema, ctx.params);
    const brand = (await repository.brands(true)).find((item) => item.id === id);
    if (!brand) throw notFound('Brand not found.');
    const detail: AdminBrandDetail = { ...brand, products: await repository.list({ brandId: id }) };
    ctx.body = detail;
  });
  const saveBrand =
    (mode: 'create' | 'update'): Koa.Middleware<AuthState> =>
    async (ctx) => {
      const id = mode === 'update' ? parseParams(idParamSchema, ctx.params).id : undefined;
      if (id !== undefined && !(await db('brands').where({ id }).first('id'))) throw notFound('Brand not found.');
      const form = parseBody(adminBrandFormSchema, ctx.request.body);
      const auth = currentAuth(ctx);
      const savedId = await db.transaction(async (trx) => {
        const saved = await repository.saveBrand(trx, form, id);
        await audit.record(trx, auth, {
          action: `brand.${mode === 'create' ? 'created' : 'updated'}`,
          entity: 'brand',
          entityId: saved,
          summary: `${mode === 'create' ? 'Added' : 'Updated'} ${form.name} (${form.company})`,
        });
        return saved;
      });
      ctx.status = mode === 'create' ? 201 : 200;
      ctx.body = {
        message: mode === 'create' ? 'Brand successfully saved.' : 'Brand successfully updated.',
        brand: (await repository.brands(true)).find((item) => item.id === savedId),
      };
    };
  router.post('/brands/store', multipart, saveBrand('create'));
  router.post('/brands/update/:id', multipart, saveBrand('update'));
  router.post('/brands/archive/:id', archive('brands', 'brand', true));
  router.post('/brands/restore/:id', archive('brands', 'brand', false));
}
