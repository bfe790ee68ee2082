import { createHash, timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';
import { HttpError } from '../errors';

/** What every service uses for /internal/* outside production when INTERNAL_SECRET is not set. */
export const DEV_INTERNAL_SECRET = 'dev-internal-secret';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * /internal/* is for the other services only: the gateway never routes it, and each call must carry
 * the shared secret in x-internal-secret (compared in constant time).
 */
export function requireInternalSecret<State>(secret: string): Koa.Middleware<State> {
  const expected = digest(secret);
  return async (ctx, next) => {
    const given = ctx.get('x-internal-secret');
    if (!given || !timingSafeEqual(digest(given), expected)) throw new HttpError(403, 'A valid x-internal-secret header is required.');
    await next();
  };
}

/**
 * INTERNAL_SECRET from the environment: required in production (a start without it is refused,
 * naming the service that needs it), DEV_INTERNAL_SECRET otherwise.
 */
export function internalSecretFromEnv(service: string, env: NodeJS.ProcessEnv = process.env): string {
  const secret = env.INTERNAL_SECRET ?? '';
  if (secret === DEV_INTERNAL_SECRET && env.NODE_ENV === 'production')
    throw new Error(`INTERNAL_SECRET must not be the development default in production: the ${service} service needs a long random value.`);
  if (secret.length > 0) return secret;
  if (env.NODE_ENV === 'production')
    throw new Error(`INTERNAL_SECRET must be set in production: the ${service} service uses it for /internal/* calls between services.`);
  return DEV_INTERNAL_SECRET;
}
