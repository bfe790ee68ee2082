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
