import type { RouterContext } from '@koa/router';
import type Koa from 'koa';
import {
  ACCOUNT_MESSAGES,
  loginBodySchema,
  STAFF_PAGE_COOKIE,
  STAFF_SESSION_COOKIE,
  type AdminSessionResponse,
  type LoginBody,
  type LoginResponse,
  type MessageResponse,
} from '@shop/api-types';
import {
  csrfTokenFor,
  currentAuth,
  HttpError,
  parseBody,
  serializeCookie,
  unauthenticated,
  unprocessable,
  type AuthState,
  type AccessRoutes,
} from '@shop/service-kit';
import type { PasswordHasher } from '../accounts/passwords';
import type { AccountRow, AccountsRepository } from '../accounts/repository';
import type { CustomersConfig } from '../config';
import { clientAddress } from './client-address';
import { tooManyLoginAttempts, type LoginThrottle } from './throttle';
import type { TokenStore } from './tokens';

const HOUR_MS = 3600_000;

export function sessionRoutes(
  routes: AccessRoutes<AuthState>,
  deps: {
    config: CustomersConfig;
    accounts: AccountsRepository;
    hasher: PasswordHasher;
    tokens: TokenStore;
    throttle: LoginThrottle;
  },
): void {
  const { config, accounts, hasher, tokens, throttle } = deps;
  const router = routes.under('/api');

  /** The account whose password this is (throttled per account+address), or a 422/429. */
  const checkCredentials = async (ctx: Koa.Context, body: LoginBody, now: Date): Promise<AccountRow> => {
    const address = clientAddress(ctx);
    const wait = await throttle.blockedFor(body.email, address, now);
    if (wait !== null) throw tooManyLoginAttempts(ctx, wait);

    const account = await accounts.byEmail(body.email);
    const matches = await hasher.verify(account?.password_hash ?? null, body.password);
    if (!account || !matches) {
      await throttle.recordFailure(body.email, address, now);
      throw unprocessable({ email: [ACCOUNT_MESSAGES.invalidCredentials] }, ACCOUNT_MESSAGES.invalidCredentials);
    }
    if (!account.active) throw unprocessable({ email: [ACCOUNT_MESSAGES.accountInactive] }, ACCOUNT_MESSAGES.accountInactive);

    await throttle.recordSuccess(body.email, address, now);
    if (hasher.needsRehash(account.password_hash)) {
      await accounts.update(account.id, { password_hash: await hasher.hash(body.password) });
    }
    return account;
  };
  const lifetimeMs = (body: LoginBody): number => (body.remember ? config.rememberTtlDays * 24 * HOUR_MS : config.tokenTtlHours * HOUR_MS);

  /** One login for customers and staff; the token's kind (and `role`) follows the account's role. */
  router.post('/login', async (ctx) => {
    const body = parseBody(loginBodySchema, ctx.request.body);
    const now = new Date();
    const account = await checkCredentials(ctx, body, now);
    const { token, expiresAt } = await tokens.issue(account.id, account.role, lifetimeMs(body), now);
    const answer: LoginResponse = {
      token,
      user: { first_name: account.first_name, last_name: account.last_name, email: account.email },
      role: account.role,
      expires_at: expiresAt,
    };
    ctx.body = answer;
  });

  /** Both back-office cookies, set (with the session's life) or cleared (maxAgeSeconds 0). */
  const setStaffCookies = (ctx: Koa.Context, session: { token: string; page: string; maxAgeSeconds: number } | null): void => {
    const secure = config.staffCookieSecure;
    const maxAgeSeconds = session?.maxAgeSeconds ?? 0;
    ctx.append('Set-Cookie', [
      serializeCookie(STAFF_SESSION_COOKIE, session?.token ?? '', { path: '/api', httpOnly: true, secure, maxAgeSeconds }),
      serializeCookie(STAFF_PAGE_COOKIE, session?.page ?? '', { path: '/admin', httpOnly: false, secure, maxAgeSeconds }),
    ]);
    ctx.set('Cache-Control', 'no-store');
  };

  /**
   * The back office's login: staff only (a customer's right password gets a 403 and no token), the
   * token only in the HttpOnly cookie, the CSRF token in the body and the page cookie.
   */
  router.post('/admin/session', async (ctx) => {
    const body = parseBody(loginBodySchema, ctx.request.body);
    const now = new Date();
    const account = await checkCredentials(ctx, body, now);
    if (account.role !== 'staff') throw new HttpError(403, ACCOUNT_MESSAGES.notStaff);
    const lifetime = lifetimeMs(body);
    const { token, expiresAt } = await tokens.issue(account.id, 'staff', lifetime, now);
    const csrf_token = csrfTokenFor(token);
    const name = `${account.first_name} ${account.last_name}`.trim();
    setStaffCookies(ctx, {
      token,
      page: JSON.stringify({ csrf_token, name, email: account.email }),
      maxAgeSeconds: lifetime / 1000,
    });
    const answer: AdminSessionResponse = {
      user: { first_name: account.first_name, last_name: account.last_name, email: account.email },
      role: 'staff',
      expires_at: expiresAt,
      csrf_token,
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

  // Logging out is always safe, so /api/logout takes any live bearer token; the admin area has its
  // own, which also clears the session cookies (a forged cross-site logout fails the CSRF check).
  router.post('/logout', logout);
  router.post('/admin/logout', async (ctx) => {
    await logout(ctx);
    setStaffCookies(ctx, null);
  });
}
