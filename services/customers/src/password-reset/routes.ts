import type { Knex } from 'knex';
import {
  ACCOUNT_MESSAGES,
  forgotPasswordRequestSchema,
  isPasswordResetStep,
  passwordResetBodySchema,
  type MessageResponse,
} from '@shop/api-types';
import { HttpError, notFound, parseBody, unprocessable, type Logger, type AuthState, type AccessRoutes } from '@shop/service-kit';
import type { PasswordHasher } from '../accounts/passwords';
import type { AccountsRepository } from '../accounts/repository';
import type { Mailer } from '../mail/mailer';
import { requestLanguage } from '../mail/language';
import { resetCodeMail } from '../mail/templates';
import { minutesText, tooManyRequests, type LoginThrottle } from '../sessions/throttle';
import type { TokenStore } from '../sessions/tokens';
import { newResetCode, RESET_CODE_TTL_MINUTES, RESET_CODES_PER_HOUR, type ResetCodes } from './codes';

const HOUR_MS = 3600_000;

const invalidCode = () => unprocessable({ code: [ACCOUNT_MESSAGES.resetCodeInvalid] }, ACCOUNT_MESSAGES.resetCodeInvalid);

/**
 * The spec's forgot-password screen posted an email and a new password and the password was set
 * at once: anyone knowing an email could take the account. Here the same path takes two steps:
 * without `code` it mails a one-time code; with `code` (and the new password) it resets.
 */
export function passwordResetRoutes(
  routes: AccessRoutes<AuthState>,
  deps: {
    db: Knex;
    logger: Logger;
    accounts: AccountsRepository;
    hasher: PasswordHasher;
    tokens: TokenStore;
    throttle: LoginThrottle;
    codes: ResetCodes;
    mailer: Mailer;
  },
): void {
  const { db, logger, accounts, hasher, tokens, throttle, codes, mailer } = deps;
  const router = routes.under('/api');

  router.post('/forgot-password', async (ctx) => {
    const raw: unknown = ctx.request.body;
    const now = new Date();

    if (!isPasswordResetStep(raw)) {
      const { email } = parseBody(forgotPasswordRequestSchema, raw);
      const account = await accounts.byEmail(email);
      // The spec's screen shows 'Register first' on a 404, so this step does tell whether an email is known.
      if (!account || !account.active) throw notFound(ACCOUNT_MESSAGES.registerFirst);
      const recent = await codes.createdSince(account.id, new Date(now.getTime() - HOUR_MS));
      if (recent.length >= RESET_CODES_PER_HOUR) {
        const freesAt = recent[recent.length - RESET_CODES_PER_HOUR]!.getTime() + HOUR_MS;
        const wait = Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
        throw tooManyRequests(ctx, `Too many reset codes requested. Please try again in ${minutesText(wait)}.`, wait);
      }
      const code = newResetCode();
      const id = await codes.create(account.id, code, now);
      try {
        await mailer.send(resetCodeMail(account.email, account.first_name, code, RESET_CODE_TTL_MINUTES, requestLanguage(ctx)));
      } catch (error) {
        await codes.delete(id);
        logger.error({ reqId: ctx.state.requestId, err: error }, 'reset code mail failed');
        throw new HttpError(503, 'We could not send the email right now. Please try again in a few minutes.');
      }
      const answer: MessageResponse = { message: ACCOUNT_MESSAGES.resetCodeSent };
      ctx.body = answer;
      return;
    }

    const body = parseBody(passwordResetBodySchema, raw);
    const account = await accounts.byEmail(body.email);
    if (!account || !account.active) throw notFound(ACCOUNT_MESSAGES.registerFirst);
    const codeId = await codes.check(account.id, body.code, now);
    if (codeId === null) throw invalidCode();
    const password_hash = await hasher.hash(body.password);
    await db.transaction(async (trx) => {
      if (!(await codes.markUsed(trx, codeId, now))) throw invalidCode();
      await accounts.update(account.id, { password_hash }, trx, now);
      await tokens.revokeAll(account.id, trx, { now });
    });
    // The owner proved access to the mailbox: earlier failed logins no longer lock them out.
    await throttle.clearAccount(account.email);
    const answer: MessageResponse = { message: ACCOUNT_MESSAGES.passwordReset };
    ctx.body = answer;
  });
}
