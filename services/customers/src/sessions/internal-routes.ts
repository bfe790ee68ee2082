import type { TokenIntrospection } from '@shop/api-types';
import { bearerToken, unauthenticated, type AuthState, type AccessRoutes } from '@shop/service-kit';
import type { TokenStore } from './tokens';

/**
 * GET /internal/tokens/introspect with `Authorization: Bearer <token>`: who the token belongs to,
 * for services that receive customer or staff tokens (orders, chat). 401 when the token is not live.
 */
export function tokenIntrospectionRoutes(routes: AccessRoutes<AuthState>, deps: { tokens: TokenStore }): void {
  const router = routes.under('/internal');

  router.get('/tokens/introspect', async (ctx) => {
    const token = bearerToken(ctx.get('authorization'));
    const auth = token ? await deps.tokens.resolve(token) : null;
    if (!auth) throw unauthenticated();
    const answer: TokenIntrospection = {
      account_id: auth.accountId,
      kind: auth.kind,
      first_name: auth.firstName,
      last_name: auth.lastName,
      email: auth.email,
      phone: auth.phone,
      expires_at: auth.expiresAt,
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer;
  });
}
