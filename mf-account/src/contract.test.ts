import { expectAnswerMatches, PUBLISHED_DOCUMENTS } from '@shop/api-types/openapi/contractCheck';
import { COUNTIES, HOME_ADDRESS, KISUMU, loginAnswer, NAIROBI, OFFICE_ADDRESS, POINTS, PROFILE, subCountiesOf } from './testFixtures';

/**
 * The account screens' tests answer with these in place of the customers service: each must be an
 * answer its published contract allows (every answer a test's handler gives is checked too, by
 * @shop/store-kit/testing's mockApi).
 */
describe("the account remote's fixtures follow the customers service's published contract", () => {
  const customers = PUBLISHED_DOCUMENTS.customers;

  it.each([
    ['get', '/api/get-profile', PROFILE],
    ['post', '/api/login', loginAnswer('customer')],
    ['post', '/api/login', loginAnswer('staff')],
    ['get', '/api/site/counties', COUNTIES],
    ['get', '/api/site/counties/subcounty/{countyId}', subCountiesOf(NAIROBI.county.id)],
    ['get', '/api/site/counties/subcounty/{countyId}', subCountiesOf(KISUMU.county.id)],
    ['get', '/api/addresses', [HOME_ADDRESS, OFFICE_ADDRESS]],
    ['get', '/api/points', POINTS],
  ] as const)('%s %s', (method, path, fixture) => {
    expect(() => expectAnswerMatches(customers, method, path, fixture)).not.toThrow();
  });

  it('fails a fixture that drifts (a points balance sent as text)', () => {
    const drifted = { ...PROFILE, loyalty_points: { current_balance: '150' } };
    expect(() => expectAnswerMatches(customers, 'get', '/api/get-profile', drifted)).toThrow(
      /\/loyalty_points\/current_balance must be integer/,
    );
  });
});
