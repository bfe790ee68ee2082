import type { TokenIntrospection } from '@shop/api-types';
import type { AuthContext, TokenResolver } from './guards';
import { HttpError } from '../errors';
import type { Logger } from '../logger';
import { SHOP_SERVICES } from '../env';
import { createServiceClient, UpstreamUnavailable } from '../service-client';

export const SIGN_IN_UNAVAILABLE = 'We could not check your sign-in right now. Please try again in a moment.';

/**
 * A TokenResolver for other services: asks the customers service's /internal/tokens/introspect.
 * With createAuthGuards(httpTokenResolver(...)) a service gets the same requireCustomer and
 * requireStaff guards (and answers) as the customers service. No caching: a revoked token stops
 * working at once.
 */
export function httpTokenResolver(options: { baseUrl: string; internalSecret: string; timeoutMs?: number }): TokenResolver {
  // Introspection runs on every guarded request: the client's kept-alive connections matter here.
  const customers = createServiceClient({
    area: SHOP_SERVICES.customers.area,
    baseUrl: options.baseUrl,
    internalSecret: options.internalSecret,
    timeoutMs: options.timeoutMs ?? 3000,
  });
  return async (token) => {
    const answer = await customers.get<TokenIntrospection>('/internal/tokens/introspect', { bearer: token });
    if (answer.status === 401) return null;
    if (answer.status < 200 || answer.status >= 300) throw new Error(`Token introspection answered ${answer.status}`);
    const body = answer.body;
    const auth: AuthContext = {
      tokenId: null,
      accountId: body.account_id,
      kind: body.kind,
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      phone: body.phone,
      expiresAt: body.expires_at,
    };
    return auth;
  };
}

/**
 * A live token's caller remembered for `ttlMs`, so a service that is asked again and again with the
 * same token (a checkout, the payment page polling its order) does not ask the customers service
 * each time. The bound: a token revoked (sign-out, password change, account deactivated) keeps
 * working here for at most `ttlMs` after the customers service last answered that it was live;
 * one that expires stops at its `expiresAt` all the same. Refusals and failures are never remembered (a refused token is asked
 * again, so a flood of made-up tokens fills nothing); callers asking with the same token at the
 * same moment share one question. At most `maxEntries` tokens are kept (the oldest goes first).
 */
export function cachedTokenResolver(
  resolve: TokenResolver,
  options: { ttlMs: number; maxEntries?: number; now?: () => number },
): TokenResolver {
  const { ttlMs, maxEntries = 10_000, now = Date.now } = options;
  if (ttlMs <= 0) return resolve;
  const remembered = new Map<string, { until: number; auth: Promise<AuthContext | null> }>();
  return (token) => {
    const at = now();
    const kept = remembered.get(token);
    if (kept && kept.until > at) return kept.auth;
    if (kept) remembered.delete(token);
    // A newer question about the same token may have replaced this one meanwhile: only this one's entry is touched.
    const forget = () => {
      if (remembered.get(token)?.auth === auth) remembered.delete(token);
    };
    const auth: Promise<AuthContext | null> = resolve(token).then(
      (answer) => {
        // Only a live caller is kept, and never past the token's own expiry.
        const expiresAt = answer ? Date.parse(answer.expiresAt) : NaN;
        const entry = remembered.get(token);
        if (!answer || !(expiresAt > now())) forget();
        else if (entry?.auth === auth) entry.until = Math.min(at + ttlMs, expiresAt);
        return answer;
      },
      (error: unknown) => {
        forget();
        throw error;
      },
    );
    if (remembered.size >= maxEntries) remembered.delete(remembered.keys().next().value!);
    remembered.set(token, { until: at + ttlMs, auth });
    return auth;
  };
}

/**
 * A resolver whose failures (the customers service down, slow or answering an error) become a
 * logged 503 with a clear message, instead of a 500 from the guard of every staff or customer route.
 */
export function answerUnavailableAs503(resolve: TokenResolver, logger: Logger): TokenResolver {
  return async (token) => {
    try {
      return await resolve(token);
    } catch (error) {
      // A refusal the resolver meant passes on; the customers service unreachable is told as a sign-in problem.
      if (error instanceof HttpError && !(error instanceof UpstreamUnavailable)) throw error;
      logger.error({ err: error }, 'token introspection failed');
      throw new HttpError(503, SIGN_IN_UNAVAILABLE);
    }
  };
}
