import type Koa from 'koa';
import type { AccountRole } from '@shop/api-types';
import { ACCOUNT_MESSAGES } from '@shop/api-types';
import type { ServiceState } from '../app';
import { HttpError } from '../errors';

/** Who is calling, as resolved from a bearer token. */
export interface AuthContext {
  /** The access_tokens row; null when the token was resolved by another service (introspection). */
  tokenId: number | null;
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
    ctx.state.auth = auth;
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
  return { requireAuth: guard(null), requireCustomer: guard('customer'), requireStaff: guard('staff'), optionalCustomer };
}

/** The caller of a route behind a guard. */
export function currentAuth(ctx: { state: AuthState }): AuthContext {
  const auth = ctx.state.auth;
  if (!auth) throw unauthenticated();
  return auth;
}
