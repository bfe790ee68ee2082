import Router, { type RouterContext } from '@koa/router';
import { ACCOUNT_MESSAGES, loginBodySchema, type LoginResponse, type MessageResponse } from '@shop/api-types';
import { parseBody, unprocessable, currentAuth, unauthenticated, type createAuthGuards, type AuthState } from '@shop/service-kit';
import type { PasswordHasher } from '../accounts/passwords';
import type { AccountsRepository } from '../accounts/repository';
import type { CustomersConfig } from '../config';
import { clientAddress } from './client-address';
import { minutesText, tooManyRequests, type LoginThrottle } from './throttle';
import type { TokenStore } from './tokens';

const HOUR_MS = 3600_000;

export function sessionRoutes(deps: {
  config: CustomersConfig;
  accounts: AccountsRepository;
  hasher: PasswordHasher;
  tokens: TokenStore;
  throttle: LoginThrottle;
  guards: ReturnType<typeof createAuthGuards>;
}): Router<AuthState> {
  const { config, accounts, hasher, tokens, throttle, guards } = deps;
  const router = new Router<AuthState>({ prefix: '/api' });

  /** One login for customers and staff; the token's kind (and `role`) follows the account's role. */
  router.post('/login', async (ctx) => {
    const body = parseBody(loginBodySchema, ctx.request.body);
    const address = clientAddress(ctx);
    const now = new Date();
    const wait = await throttle.blockedFor(body.email, address, now);
    if (wait !== null) throw tooManyRequests(ctx, `Too many login attempts. Please try again in ${minutesText(wait)}.`, wait);

    const account = await accounts.byEmail(body.email);
    const matches = await hasher.verify(account?.password_hash ?? null, body.password);
    if (!account || !matches) {
      await throttle.recordFailure(body.email, address, now);
      throw unprocessable({ email: [ACCOUNT_MESSAGES.invalidCredentials] }, ACCOUNT_MESSAGES.invalidCredentials);
    }
    if (!account.active) throw unprocessable({ email: [ACCOUNT_MESSAGES.accountInactive] }, ACCOUNT_MESSAGES.accountInactive);

    await throttle.clearAccount(body.email);
    if (hasher.needsRehash(account.password_hash)) {
      await accounts.update(account.id, { password_hash: await hasher.hash(body.password) });
    }
    const lifetime = body.remember ? config.rememberTtlDays * 24 * HOUR_MS : config.tokenTtlHours * HOUR_MS;
    const { token, expiresAt } = await tokens.issue(account.id, account.role, lifetime, now);
    const answer: LoginResponse = {
      token,
      user: { first_name: account.first_name, last_name: account.last_name, email: account.email },
      role: account.role,
      expires_at: expiresAt,
    };
    ctx.body = answer;
  });

  const logout = async (ctx: RouterContext<AuthState>) => {
    const { tokenId } = currentAuth(ctx);
    if (tokenId === null) throw unauthenticated();
    await tokens.revoke(tokenId);
    const answer: MessageResponse = { message: ACCOUNT_MESSAGES.loggedOut };
    ctx.body = answer;
  };

  // Logging out is always safe, so /api/logout takes any live token; the admin area has its own.
  router.post('/logout', guards.requireAuth, logout);
  router.post('/admin/logout', guards.requireStaff, logout);

  return router;
}
