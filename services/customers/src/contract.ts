import { addressBodySchema, loginBodySchema, registerBodySchema } from '@shop/api-types';
import type { ServiceContract } from '@shop/service-kit';
import packageJson from '../package.json';

/**
 * The account service's public contract (GET /api/docs/customers), from the schemas its routes
 * validate with. Only the sign-up, sign-in and address bodies are described so far.
 */
export const CUSTOMERS_CONTRACT: ServiceContract = {
  area: 'customers',
  title: 'Shwari Shop accounts',
  version: packageJson.version,
  operations: [
    { method: 'post', path: '/api/site/register', summary: 'Opens a customer account.', access: 'public', body: registerBodySchema },
    { method: 'post', path: '/api/login', summary: 'Signs a customer in (a bearer token).', access: 'public', body: loginBodySchema },
    { method: 'post', path: '/api/addresses', summary: 'Adds a delivery address.', access: 'customer', body: addressBodySchema },
  ],
};
