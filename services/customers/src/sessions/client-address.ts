import type Koa from 'koa';
import { addressGroup } from '@shop/service-kit';

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
 * Counted as the gateway's limits count it (addressGroup): an IPv6 client by its /64, which it may
 * otherwise walk through one address at a time, and ::ffff:a.b.c.d as a.b.c.d.
 */
export function clientAddress(ctx: Pick<Koa.Context, 'get' | 'req'>): string {
  const forwarded = ctx
    .get('x-forwarded-for')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  const last = forwarded[forwarded.length - 1];
  return addressGroup(last ? last.slice(0, 100) : (ctx.req.socket.remoteAddress ?? 'unknown'));
}
