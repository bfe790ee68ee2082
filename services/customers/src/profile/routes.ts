import type { Knex } from 'knex';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  PASSWORD_MAX_LENGTH,
  profileUpdateBodySchema,
  type CustomerProfile,
  type MessageResponse,
} from '@shop/api-types';
import { currentAuth, parseBody, unauthenticated, unprocessable, type AuthState, type Logger, type AccessRoutes } from '@shop/service-kit';
import { emailTaken } from '../accounts/routes';
import type { PasswordHasher } from '../accounts/passwords';
import type { AccountsRepository } from '../accounts/repository';
import { isUniqueViolation } from '../db/errors';
import type { PointsLedger } from '../points/ledger';
import { emailChangedMail } from '../mail/templates';
import type { Mailer } from '../mail/mailer';
import { clientAddress } from '../sessions/client-address';
import { tooManyLoginAttempts, type LoginThrottle } from '../sessions/throttle';
import type { TokenStore } from '../sessions/tokens';

/** The current password that a change of email or password must carry (beside the profile fields). */
const currentPasswordSchema = z.object({
  current_password: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z.string(ACCOUNT_MESSAGES.currentPasswordIncorrect).max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.currentPasswordIncorrect).optional(),
  ),
});

export function profileRoutes(
  routes: AccessRoutes<AuthState>,
  deps: {
    db: Knex;
    accounts: AccountsRepository;
    ledger: PointsLedger;
    hasher: PasswordHasher;
    tokens: TokenStore;
    throttle: LoginThrottle;
    mailer: Mailer;
    logger: Logger;
  },
): void {
  const { db, accounts, ledger, hasher, tokens, throttle, mailer, logger } = deps;
  const router = routes.under('/api');

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
   * when given, with a matching confirmation. A new email or password needs the current password
   * (a stolen token alone must not take the account); its checks are throttled like logins. A new
   * password signs out the customer's other tokens; a new email is told to the old address.
   */
  router.post('/profile/update', async (ctx) => {
    const auth = currentAuth(ctx);
    const body = parseBody(profileUpdateBodySchema, ctx.request.body);
    const { current_password } = parseBody(currentPasswordSchema, ctx.request.body);
    const account = await accounts.byId(auth.accountId);
    if (!account) throw unauthenticated();
    const emailChanges = body.email !== account.email;
    if (emailChanges || body.password !== undefined) {
      if (current_password === undefined)
        throw unprocessable({ current_password: [ACCOUNT_MESSAGES.currentPasswordRequired] }, ACCOUNT_MESSAGES.currentPasswordRequired);
      const address = clientAddress(ctx);
      const now = new Date();
      const wait = await throttle.blockedFor(account.email, address, now);
      if (wait !== null) throw tooManyLoginAttempts(ctx, wait);
      if (!(await hasher.verify(account.password_hash, current_password))) {
        await throttle.recordFailure(account.email, address, now);
        throw unprocessable({ current_password: [ACCOUNT_MESSAGES.currentPasswordIncorrect] }, ACCOUNT_MESSAGES.currentPasswordIncorrect);
      }
    }
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
    if (emailChanges) {
      try {
        await mailer.send(emailChangedMail(account.email, account.first_name, body.email));
      } catch (error) {
        // The change is made: a mail server down must not turn it into an error the customer retries.
        logger.error({ reqId: ctx.state.requestId, err: error }, 'email change notice failed');
      }
    }
    const answer: MessageResponse = { message: ACCOUNT_MESSAGES.profileUpdated };
    ctx.body = answer;
  });
}
