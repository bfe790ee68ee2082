import type { SearchSynonymsResponse } from '@shop/api-types';
import type { AccessRoutes, AuthState } from '@shop/service-kit';
import type { CatalogRepository } from '../products/repository';
import type { SearchSynonyms } from './synonyms';

/**
 * GET /internal/catalog/synonyms: the synonym table for the assistant's product search, with the
 * revision it was read at (never routed by the gateway; x-internal-secret required; never cached).
 * The revision is read first: a change committed in between moves it again, so a reader that
 * refreshes when the revision moves never keeps a table older than the revision it holds.
 */
export function synonymInternalRoutes(routes: AccessRoutes<AuthState>, repository: CatalogRepository, synonyms: SearchSynonyms): void {
  const router = routes.under('/internal');

  router.get('/catalog/synonyms', async (ctx) => {
    const revision = await repository.revision();
    const answer: SearchSynonymsResponse = { revision, synonyms: await synonyms.entries() };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer;
  });
}
