import type Koa from 'koa';

/** One throttled action: which requests it covers and how many each client address may make. */
export interface RateLimitRule {
  /** What the shopper is told they did too often: 'sign-in attempts'. */
  label: string;
  method: string;
  path: string;
  /** Requests per window per client address. */
  limit: number;
  windowMs: number;
}

interface Bucket {
  count: number;
  resetAt: number;
}

/**
 * Per-address limits on the calls that attackers hammer (login, password reset) or that cost real
 * work (order creation). A fixed window per address, kept in memory: the gateway is the one
 * public entry, and each service keeps its own finer, durable limits (the customers service
 * counts failed logins per account and address in its database). Answers 429 with a clear
 * message and Retry-After.
 *
 * The address is the socket's: the gateway is the edge. Behind a load balancer, give every
 * instance the same limits and mind that shoppers behind one mobile operator's NAT share an
 * address, which is why the defaults are generous.
 */
export function rateLimits(rules: RateLimitRule[], now: () => number = Date.now): Koa.Middleware {
  const buckets = new Map<string, Bucket>();
  let nextSweep = 0;

  const sweep = (at: number) => {
    if (at < nextSweep) return;
    nextSweep = at + 60_000;
    for (const [key, bucket] of buckets) if (bucket.resetAt <= at) buckets.delete(key);
  };

  return async (ctx, next) => {
    const rule = rules.find(
      (candidate) => candidate.method === ctx.method && (ctx.path === candidate.path || ctx.path === `${candidate.path}/`),
    );
    if (!rule) return next();
    const at = now();
    sweep(at);
    const key = `${rule.path}|${ctx.req.socket.remoteAddress ?? 'unknown'}`;
    let bucket = buckets.get(key);
    if (!bucket || bucket.resetAt <= at) {
      bucket = { count: 0, resetAt: at + rule.windowMs };
      buckets.set(key, bucket);
    }
    bucket.count += 1;
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
