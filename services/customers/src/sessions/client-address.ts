import type Koa from 'koa';

/**
 * The address a request comes from, for throttling.
 *
 * Services listen on 127.0.0.1 and are reached only through the gateway, which OVERWRITES
 * X-Forwarded-For with the socket address it saw (see services/gateway/src/proxy/apiProxy.ts), so
 * whatever a client writes in that header never arrives here. We still take only the LAST entry:
 * it is the one added by the hop in front of us, while earlier entries are whatever the client
 * claimed, so a forged "1.2.3.4, <real>" header cannot move a client out of its own rate-limit
 * bucket even if a proxy that appends (rather than overwrites) is ever put in front. Without the
 * header (a direct call, e.g. from another service or a test) the socket address is used.
 */
export function clientAddress(ctx: Pick<Koa.Context, 'get' | 'req'>): string {
  const forwarded = ctx
    .get('x-forwarded-for')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  const last = forwarded[forwarded.length - 1];
  if (last) return last.slice(0, 100);
  return ctx.req.socket.remoteAddress ?? 'unknown';
}
