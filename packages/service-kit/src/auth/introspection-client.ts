import http from 'node:http';
import https from 'node:https';
import type { TokenIntrospection } from '@shop/api-types';
import type { AuthContext, TokenResolver } from './guards';
import { HttpError } from '../errors';
import type { Logger } from '../logger';
import { requestIdHeaders } from '../request-context';

export const SIGN_IN_UNAVAILABLE = 'We could not check your sign-in right now. Please try again in a moment.';

/** Introspection runs on every guarded request: keep the connections to the customers service open. */
const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 64 }), https: new https.Agent({ keepAlive: true, maxSockets: 64 }) };

function getJson(url: URL, headers: Record<string, string>, timeoutMs: number): Promise<{ status: number; body: string }> {
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(url, { method: 'GET', headers: { accept: 'application/json', ...headers }, agent: secure ? agents.https : agents.http }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`Token introspection did not answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end();
  });
}

/**
 * A TokenResolver for other services: asks the customers service's /internal/tokens/introspect.
 * With createAuthGuards(httpTokenResolver(...)) a service gets the same requireCustomer and
 * requireStaff guards (and answers) as the customers service. No caching: a revoked token stops
 * working at once.
 */
export function httpTokenResolver(options: { baseUrl: string; internalSecret: string; timeoutMs?: number }): TokenResolver {
  const url = new URL('/internal/tokens/introspect', options.baseUrl);
  return async (token) => {
    const response = await getJson(url, { ...requestIdHeaders(), authorization: `Bearer ${token}`, 'x-internal-secret': options.internalSecret }, options.timeoutMs ?? 3000);
    if (response.status === 401) return null;
    if (response.status < 200 || response.status >= 300) throw new Error(`Token introspection answered ${response.status}`);
    const body = JSON.parse(response.body) as TokenIntrospection;
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
      if (error instanceof HttpError) throw error;
      logger.error({ err: error }, 'token introspection failed');
      throw new HttpError(503, SIGN_IN_UNAVAILABLE);
    }
  };
}
