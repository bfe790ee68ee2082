import type Koa from 'koa';
import type { Knex } from 'knex';
import {
  adminSearchSynonymFormSchema,
  adminSearchSynonymListQuerySchema,
  idParamSchema,
  type AdminSearchSynonymForm,
  type SearchSynonymSaved,
} from '@shop/api-types';
import { currentAuth, notFound, parseBody, parseParams, unprocessable, type AuthState, type AccessRoutes } from '@shop/service-kit';
import { audit } from '../audit';
import { isDuplicate, type SearchSynonyms } from './synonyms';

const phraseTaken = (phrase: string) => unprocessable({ phrase: [`The phrase "${phrase}" is already in the table.`] });

const describe = (form: AdminSearchSynonymForm): string => `${form.phrase} → ${form.terms.join(', ')}`;

/**
 * The search synonyms staff edit in the back office, under /api/admin/products/ (the gateway
 * routes it to this service and empties its cached catalogue reads after each change). Every
 * change writes an audit row in its own transaction, which moves the catalogue revision: the
 * assistant and the orders service read the catalogue again.
 */
export function adminSynonymRoutes(routes: AccessRoutes<AuthState>, db: Knex, synonyms: SearchSynonyms): void {
  const router = routes.under('/api/admin/products/synonyms');
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  router.get('/', async (ctx) => {
    const { q } = parseParams(adminSearchSynonymListQuerySchema, ctx.query);
    ctx.body = await synonyms.list({ q });
  });

  const save =
    (mode: 'create' | 'update'): Koa.Middleware<AuthState> =>
    async (ctx) => {
      const id = mode === 'update' ? parseParams(idParamSchema, ctx.params).id : undefined;
      const before = id === undefined ? undefined : await synonyms.byId(id);
      if (id !== undefined && !before) throw notFound('Synonym not found.');
      const form = parseBody(adminSearchSynonymFormSchema, ctx.request.body);
      if (await synonyms.phraseTaken(form.phrase, id)) throw phraseTaken(form.phrase);
      const auth = currentAuth(ctx);
      let savedId: number;
      try {
        savedId = await db.transaction(async (trx) => {
          const saved = await synonyms.save(trx, form, id);
          await audit.record(trx, auth, {
            action: `synonym.${mode === 'create' ? 'created' : 'updated'}`,
            entity: 'synonym',
            entityId: saved,
            summary: before ? `Changed ${before.phrase} → ${before.terms.join(', ')} to ${describe(form)}` : `Added ${describe(form)}`,
          });
          return saved;
        });
      } catch (error) {
        // Two staff adding the same phrase at once: the unique index decides.
        if (isDuplicate(error)) throw phraseTaken(form.phrase);
        throw error;
      }
      const body: SearchSynonymSaved = {
        message: mode === 'create' ? 'Synonym successfully saved.' : 'Synonym successfully updated.',
        synonym: (await synonyms.byId(savedId))!,
      };
      ctx.status = mode === 'create' ? 201 : 200;
      ctx.body = body;
    };
  router.post('/store', save('create'));
  router.post('/update/:id', save('update'));

  router.post('/delete/:id', async (ctx) => {
    const { id } = parseParams(idParamSchema, ctx.params);
    const synonym = await synonyms.byId(id);
    if (!synonym) throw notFound('Synonym not found.');
    const auth = currentAuth(ctx);
    await db.transaction(async (trx) => {
      await synonyms.remove(trx, id);
      await audit.record(trx, auth, {
        action: 'synonym.deleted',
        entity: 'synonym',
        entityId: id,
        summary: `Deleted ${synonym.phrase} → ${synonym.terms.join(', ')}`,
      });
    });
    ctx.body = { message: `${synonym.phrase} deleted.` };
  });
}
