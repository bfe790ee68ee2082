/** Anything that makes a path differ from its normal form: capitals, escapes, doubled or trailing slashes. */
const NOT_NORMAL = /[A-Z%]|\/\/|.\/$/;

/**
 * The one form every spelling of a path comes down to: lower-case, percent-decoded (left as written
 * where the escape is broken), without duplicate or trailing slashes. An /api path reaches the
 * limits, the cache and the proxy only in the canonical spelling the access table lists
 * (canonicalApiPath.ts: any other is answered 404 first), so for it this is the path itself; the
 * other paths (pages, media) are still compared in this form, so no spelling escapes a rule meant
 * for them. Most paths are normal already and are returned as they are.
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
