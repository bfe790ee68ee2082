import { notFound, parseParams, type AuthState, type AccessRoutes } from '@shop/service-kit';
import { z } from 'zod';
import type { PlacesRepository } from './repository';

/** Counties change once in a generation: browsers and the gateway may keep them for a day. */
const CACHE_CONTROL = 'public, max-age=86400';

export const countyParam = z.object({
  countyId: z
    .string()
    .regex(/^\d{1,9}$/, 'The county id must be a whole number.')
    .transform(Number),
});

export function placesRoutes(routes: AccessRoutes<AuthState>, places: PlacesRepository): void {
  const router = routes.under('/api/site');

  router.use(async (ctx, next) => {
    await next();
    if (ctx.method === 'GET' && ctx.status === 200) ctx.set('Cache-Control', CACHE_CONTROL);
  });

  router.get('/counties', async (ctx) => {
    ctx.body = await places.counties();
  });

  router.get('/counties/subcounty/:countyId', async (ctx) => {
    const { countyId } = parseParams(countyParam, ctx.params);
    if (!(await places.county(countyId))) throw notFound('County not found.');
    ctx.body = await places.subCounties(countyId);
  });
}
