import type Koa from 'koa';
import type { AccountRole } from '@shop/api-types';
import { ACCOUNT_MESSAGES } from '@shop/api-types';
import type { ServiceState } from '../app';
import { HttpError } from '../errors';
import { cookieValue, csrfTokenMatches, SAFE_METHODS, STAFF_SESSION_COOKIE } from './staff-session';

/** Who is calling, as resolved from a bearer token. */
export interface AuthContext {
  /** The access_tokens row; null when the token was resolved by another service (introspection). */
  tokenId: number | null;
  /** How the token came: a bearer header (scripts, customers) or the back office's session cookie. */
  via?: 'bearer' | 'cookie';
  accountId: number;
  kind: AccountRole;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  expiresAt: string;
}

/** The Koa state of a service whose routes sit behind these guards. */
export interface AuthState extends ServiceState {
  auth?: AuthContext;
}

/** Finds the live token: not expired, not revoked, of an active account; null otherwise. */
export type TokenResolver = (token: string) => Promise<AuthContext | null>;

export const unauthenticated = (): HttpError => new HttpError(401, ACCOUNT_MESSAGES.unauthenticated);
export const unauthorized = (): HttpError => new HttpError(403, ACCOUNT_MESSAGES.unauthorized);
export const csrfInvalid = (): HttpError => new HttpError(403, ACCOUNT_MESSAGES.csrfInvalid);

/** Tokens are 32 random bytes in base64url: 43 characters. Anything else is refused without a query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const token = match?.[1];
  return token && TOKEN_PATTERN.test(token) ? token : null;
}

type AuthMiddleware = Koa.Middleware<AuthState>;

export interface AuthGuards {
  /** Any live token (customer or staff). */
  requireAuth: AuthMiddleware;
  requireCustomer: AuthMiddleware;
  /**
   * A staff token, from `Authorization: Bearer` (scripts, tests, other tools: a browser never sends
   * it by itself, so it needs no CSRF check) or, without that header, from the back office's
   * HttpOnly session cookie, where every non-GET call must also carry the session's X-CSRF-Token.
   */
  requireStaff: AuthMiddleware;
  /**
   * For routes that guests may use too (the checkout): no Authorization header goes on as a guest;
   * a header that does not resolve to a live customer token is refused like requireCustomer.
   */
  optionalCustomer: AuthMiddleware;
}

/**
 * The guards every route of the customers service (and any service that resolves tokens through
 * /internal/tokens/introspect, see introspection-client.ts) puts in front of its handlers:
 * no, expired or revoked token 401; a token of the wrong kind 403.
 */
export function createAuthGuards(resolve: TokenResolver): AuthGuards {
  const check = async (ctx: Koa.ParameterizedContext<AuthState>, kind: AccountRole | null): Promise<void> => {
    const token = bearerToken(ctx.get('authorization'));
    const auth = token ? await resolve(token) : null;
    if (!auth) throw unauthenticated();
    if (kind && auth.kind !== kind) throw unauthorized();
    ctx.state.auth = { ...auth, via: 'bearer' };
  };
  const checkStaffCookie = async (ctx: Koa.ParameterizedContext<AuthState>): Promise<void> => {
    const cookie = cookieValue(ctx.get('cookie'), STAFF_SESSION_COOKIE);
    const token = cookie !== null && TOKEN_PATTERN.test(cookie) ? cookie : null;
    const auth = token ? await resolve(token) : null;
    if (!token || !auth) throw unauthenticated();
    // The cookie only ever holds a staff token (the admin login refuses customers); checked all the same.
    if (auth.kind !== 'staff') throw unauthorized();
    if (!SAFE_METHODS.has(ctx.method) && !csrfTokenMatches(ctx.get('x-csrf-token'), token)) throw csrfInvalid();
    ctx.state.auth = { ...auth, via: 'cookie' };
  };
  const requireStaff: AuthMiddleware = async (ctx, next) => {
    if (ctx.get('authorization') !== '') await check(ctx, 'staff');
    else await checkStaffCookie(ctx);
    await next();
  };
  const guard =
    (kind: AccountRole | null): AuthMiddleware =>
    async (ctx, next) => {
      await check(ctx, kind);
      await next();
    };
  const optionalCustomer: AuthMiddleware = async (ctx, next) => {
    if (ctx.get('authorization') !== '') await check(ctx, 'customer');
    await next();
  };
  return { requireAuth: guard(null), requireCustomer: guard('customer'), requireStaff, optionalCustomer };
}

/** The caller of a route behind a guard. */
export function currentAuth(ctx: { state: AuthState }): AuthContext {
  const auth = ctx.state.auth;
  if (!auth) throw unauthenticated();
  return auth;
}
