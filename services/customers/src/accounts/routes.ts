import type { Knex } from 'knex';
import { ACCOUNT_MESSAGES, registerBodySchema, SIGN_UP_POINTS, type RegisterResponse } from '@shop/api-types';
import { parseBody, unprocessable, type AuthState, type AccessRoutes } from '@shop/service-kit';
import { isUniqueViolation } from '../db/errors';
import type { PointsLedger } from '../points/ledger';
import type { PasswordHasher } from './passwords';
import type { AccountsRepository } from './repository';

export const emailTaken = () => unprocessable({ email: [ACCOUNT_MESSAGES.emailTaken] });

export function accountRoutes(
  routes: AccessRoutes<AuthState>,
  deps: {
    db: Knex;
    accounts: AccountsRepository;
    ledger: PointsLedger;
    hasher: PasswordHasher;
  },
): void {
  const { db, accounts, ledger, hasher } = deps;
  const router = routes.under('/api');

  /**
   * A new customer with the sign-up points as the first ledger row, in one transaction. Only the
   * five registration fields are read (role, points and the rest are dropped by the schema).
   */
  router.post('/site/register', async (ctx) => {
    const body = parseBody(registerBodySchema, ctx.request.body);
    if (await accounts.emailTaken(body.email)) throw emailTaken();
    const password_hash = await hasher.hash(body.password);
    try {
      await db.transaction(async (trx) => {
        const id = await accounts.insert(trx, {
          first_name: body.first_name,
          last_name: body.last_name,
          email: body.email,
          phone: body.phone,
          password_hash,
          role: 'customer',
        });
        await ledger.append(trx, id, SIGN_UP_POINTS, 'sign_up', null);
      });
    } catch (error) {
      // Two submits at once both pass the check above; the unique index lets one through.
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
    const answer: RegisterResponse = { status: 201, message: ACCOUNT_MESSAGES.registered };
    ctx.status = 201;
    ctx.body = answer;
  });
}
