import type { RouterContext } from '@koa/router';
import { ACCOUNT_MESSAGES, addressBodySchema, type AddressBody, type AddressSavedResponse, type MessageResponse } from '@shop/api-types';
import { notFound, parseBody, parseParams, unprocessable, currentAuth, type AuthState, type AccessRoutes } from '@shop/service-kit';
import { z } from 'zod';
import type { PlacesRepository } from '../places/repository';
import type { AddressesRepository } from './repository';

export const MAX_ADDRESSES_PER_ACCOUNT = 20;

export const idParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'The address id must be a whole number.')
    .transform(Number),
});

/** Another customer's address answers exactly like a missing one: 404, never 403. */
const addressNotFound = () => notFound('Address not found.');

export function addressRoutes(
  routes: AccessRoutes<AuthState>,
  deps: {
    addresses: AddressesRepository;
    places: PlacesRepository;
  },
): void {
  const { addresses, places } = deps;
  const router = routes.under('/api/addresses');

  /** The county must exist and the sub-county must be one of its own. */
  async function checkPlaces(body: AddressBody): Promise<void> {
    const [county, subCounty] = await Promise.all([places.county(body.county_id), places.subCounty(body.sub_county_id)]);
    const errors: Record<string, string[]> = {};
    if (!county) errors.county_id = ['The selected county is invalid.'];
    if (!subCounty) errors.sub_county_id = ['The selected sub-county is invalid.'];
    else if (county && subCounty.county_id !== county.id) errors.sub_county_id = [ACCOUNT_MESSAGES.subCountyMismatch];
    if (Object.keys(errors).length) throw unprocessable(errors);
  }

  router.get('/', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await addresses.list(currentAuth(ctx).accountId);
  });

  router.post('/', async (ctx) => {
    const { accountId } = currentAuth(ctx);
    const body = parseBody(addressBodySchema, ctx.request.body);
    await checkPlaces(body);
    if ((await addresses.count(accountId)) >= MAX_ADDRESSES_PER_ACCOUNT) {
      throw unprocessable({ address: [`You can save at most ${MAX_ADDRESSES_PER_ACCOUNT} addresses. Delete one first.`] });
    }
    const id = await addresses.insert(accountId, body);
    const saved = await addresses.find(accountId, id);
    if (!saved) throw addressNotFound();
    const answer: AddressSavedResponse = { message: 'Address added successfully.', address: saved };
    ctx.status = 201;
    ctx.body = answer;
  });

  const update = async (ctx: RouterContext<AuthState>) => {
    const { accountId } = currentAuth(ctx);
    const { id } = parseParams(idParam, ctx.params);
    if (!(await addresses.find(accountId, id))) throw addressNotFound();
    const body = parseBody(addressBodySchema, ctx.request.body);
    await checkPlaces(body);
    await addresses.update(accountId, id, body);
    const saved = await addresses.find(accountId, id);
    if (!saved) throw addressNotFound();
    const answer: AddressSavedResponse = { message: 'Address updated successfully.', address: saved };
    ctx.body = answer;
  };
  router.post('/update/:id', update);
  router.put('/:id', update);

  const remove = async (ctx: RouterContext<AuthState>) => {
    const { accountId } = currentAuth(ctx);
    const { id } = parseParams(idParam, ctx.params);
    if (!(await addresses.delete(accountId, id))) throw addressNotFound();
    const answer: MessageResponse = { message: 'Address deleted successfully.' };
    ctx.body = answer;
  };
  router.delete('/:id', remove);
  router.post('/delete/:id', remove);
}
