import type { IncomingMessage } from 'node:http';
import type Koa from 'koa';
import { addressGroup } from '@shop/service-kit';
import { normalPathOf } from '../routing/requestPath';

/** One throttled action: which requests it covers and how many each client address may make. */
export interface RateLimitRule {
  /** What the shopper is told they did too often: 'sign-in attempts'. */
  label: string;
  /** Rules naming the same bucket count together (checking a coupon and redeeming one); by default the rule's path. */
  bucket?: string;
  /** GET covers HEAD too: the services answer HEAD as GET. */
  method: string;
  /** In normal form (see routing/requestPath.ts). */
  path: string;
  /** Every path under `path` too: `/api/site/coupons/check` covers `/api/site/coupons/check/<code>/<email>`. */
  prefix?: boolean;
  /** Requests per window per client address. */
  limit: number;
  windowMs: number;
}

interface Bucket {
  count: number;
  resetAt: number;
}

/**
 * Counts shared by every gateway (shared/sharedState.ts): one hit of a fixed window, the count so
 * far and the window's end. Rejects when the count cannot be had (Redis unreachable or slow).
 */
export type SharedCounter = (key: string, windowMs: number) => Promise<Bucket>;

/**
 * Per-address limits on the calls that attackers hammer (login, password reset, coupon codes) or
 * that cost real work or reach the outside world (registration, order creation, payment pages, M-Pesa
 * prompts). A fixed window per address, kept in memory, or with `shared` (REDIS_URL) counted across
 * every gateway, so a second gateway is not a second allowance; when the shared count cannot be had,
 * this gateway's own count decides (a Redis outage neither refuses shoppers nor lifts the limits).
 * Each service keeps its own finer, durable limits (the customers service throttles failed logins
 * per account and address). Answers 429 with a clear message and Retry-After.
 *
 * A rule matches the path in the normal form the services' routers match (any case, escapes,
 * doubled or trailing slashes), so no spelling of a path slips past its limit. The address is the
 * client's as `addressOf` finds it: the socket's peer, or through a trusted proxy the address it
 * forwarded (clientAddress/trustedProxies.ts), counted as addressGroup says: an IPv6 address by its
 * /64 (a subscriber may use any address of it), ::ffff:a.b.c.d as a.b.c.d. Shoppers behind one mobile operator's NAT share an
 * address, which is why the defaults are generous.
 */
export function rateLimits(
  rules: RateLimitRule[],
  addressOf: (req: IncomingMessage) => string = (req) => req.socket.remoteAddress ?? 'unknown',
  now: () => number = Date.now,
  shared?: SharedCounter,
): Koa.Middleware {
  const buckets = new Map<string, Bucket>();
  const rulesOfMethod = new Map<string, RateLimitRule[]>();
  for (const rule of rules) {
    const methods = rule.method === 'GET' ? ['GET', 'HEAD'] : [rule.method];
    for (const method of methods) rulesOfMethod.set(method, [...(rulesOfMethod.get(method) ?? []), rule]);
  }
  let nextSweep = 0;

  const sweep = (at: number) => {
    if (at < nextSweep) return;
    nextSweep = at + 60_000;
    for (const [key, bucket] of buckets) if (bucket.resetAt <= at) buckets.delete(key);
  };

  return async (ctx, next) => {
    const candidates = rulesOfMethod.get(ctx.method);
    if (!candidates) return next();
    const path = normalPathOf(ctx);
    const rule = candidates.find(
      (candidate) => path === candidate.path || (candidate.prefix === true && path.startsWith(`${candidate.path}/`)),
    );
    if (!rule) return next();
    const at = now();
    sweep(at);
    const key = `${rule.bucket ?? rule.path}|${addressGroup(addressOf(ctx.req))}`;
    let bucket = buckets.get(key);
    if (!bucket || bucket.resetAt <= at) {
      bucket = { count: 0, resetAt: at + rule.windowMs };
      buckets.set(key, bucket);
    }
    // Counted here too, so the local count is ready to decide the moment Redis is not.
    bucket.count += 1;
    if (shared) bucket = await shared(key, rule.windowMs).catch(() => bucket!);
    if (bucket.count > rule.limit) {
      const retryAfter = Math.max(1, Math.ceil((bucket.resetAt - at) / 1000));
      ctx.status = 429;
      ctx.set('Retry-After', String(retryAfter));
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        message: `Too many ${rule.label} from your network. Please wait ${waitText(retryAfter)} and try again.`,
        retry_after: retryAfter,
      };
      return;
    }
    await next();
  };
}

/** "1 second", "45 seconds", "2 minutes". */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
