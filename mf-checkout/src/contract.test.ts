import { expectAnswerMatches, PUBLISHED_DOCUMENTS } from '@shop/api-types/openapi/contractCheck';
import { listed, MAIZE, OIL, RICE } from './testFixtures';

/** The checkout's tests answer the catalogue's product list with these: they must be answers the catalogue's contract allows. */
describe("the checkout remote's catalogue fixtures follow the catalogue's published contract", () => {
  it('GET /api/site/products', () => {
    expectAnswerMatches(PUBLISHED_DOCUMENTS.catalog, 'get', '/api/site/products', [listed(MAIZE), listed(RICE), listed(OIL)]);
  });
});
