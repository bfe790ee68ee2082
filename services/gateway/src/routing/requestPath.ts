/** Anything that makes a path differ from its normal form: capitals, escapes, doubled or trailing slashes. */
const NOT_NORMAL = /[A-Z%]|\/\/|.\/$/;

/**
 * The path as the services' routers understand it: they match without regard to case and accept a
 * trailing slash, so `/api/site/orders/Store/` places an order as `/api/site/orders/store` does.
 * Whatever the gateway decides by path (rate limits, which area's cache a change empties, which
 * service answers) compares this form, so no spelling of a path escapes a rule meant for it.
 * Lower-case, percent-decoded (left as written where the escape is broken), without duplicate or
 * trailing slashes. Most paths are normal already and are returned as they are.
 */
export function normalisePath(path: string): string {
  if (!NOT_NORMAL.test(path)) return path;
  let decoded = path;
  if (path.includes('%')) {
    try {
      decoded = decodeURIComponent(path);
    } catch {
      decoded = path;
    }
  }
  const collapsed = decoded.toLowerCase().replace(/\/{2,}/g, '/');
  return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed;
}

/** The request's normal path, worked out once per request (ctx.state.normalPath). */
export function normalPathOf(ctx: { path: string; state: Record<string, unknown> }): string {
  const known = ctx.state.normalPath;
  if (typeof known === 'string') return known;
  const normal = normalisePath(ctx.path);
  ctx.state.normalPath = normal;
  return normal;
}
