import Router from '@koa/router';
import type { Knex } from 'knex';
import { ACCOUNT_MESSAGES, profileUpdateBodySchema, type CustomerProfile, type MessageResponse } from '@shop/api-types';
import { parseBody, currentAuth, unauthenticated, type createAuthGuards, type AuthState } from '@shop/service-kit';
import { emailTaken } from '../accounts/routes';
import type { PasswordHasher } from '../accounts/passwords';
import type { AccountsRepository } from '../accounts/repository';
import { isUniqueViolation } from '../db/errors';
import type { PointsLedger } from '../points/ledger';
import type { TokenStore } from '../sessions/tokens';

export function profileRoutes(deps: {
  db: Knex;
  accounts: AccountsRepository;
  ledger: PointsLedger;
  hasher: PasswordHasher;
  tokens: TokenStore;
  guards: ReturnType<typeof createAuthGuards>;
}): Router<AuthState> {
  const { db, accounts, ledger, hasher, tokens, guards } = deps;
  const router = new Router<AuthState>({ prefix: '/api' });
  router.use(['/get-profile', '/profile'], guards.requireCustomer);

  router.get('/get-profile', async (ctx) => {
    const account = await accounts.byId(currentAuth(ctx).accountId);
    if (!account) throw unauthenticated();
    const profile: CustomerProfile = {
      id: account.id,
      first_name: account.first_name,
      last_name: account.last_name,
      email: account.email,
      phone: account.phone,
      photo: account.photo,
      loyalty_points: { current_balance: await ledger.balance(account.id) },
    };
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = profile;
  });

  /**
   * Names, email and phone are required (the form always sends them); the password only changes
   * when given, with a matching confirmation. A new password signs out the customer's other tokens.
   */
  router.post('/profile/update', async (ctx) => {
    const auth = currentAuth(ctx);
    const body = parseBody(profileUpdateBodySchema, ctx.request.body);
    if (await accounts.emailTaken(body.email, auth.accountId)) throw emailTaken();
    const password_hash = body.password === undefined ? undefined : await hasher.hash(body.password);
    try {
      await db.transaction(async (trx) => {
        await accounts.update(
          auth.accountId,
          {
            first_name: body.first_name,
            last_name: body.last_name,
            email: body.email,
            phone: body.phone,
            ...(password_hash ? { password_hash } : {}),
          },
          trx,
        );
        if (password_hash) await tokens.revokeAll(auth.accountId, trx, { exceptTokenId: auth.tokenId });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
    const answer: MessageResponse = { message: ACCOUNT_MESSAGES.profileUpdated };
    ctx.body = answer;
  });

  return router;
}
