import { isIP } from 'node:net';
import type Koa from 'koa';
import type { AuthGuards, AuthState } from '../auth/guards';
import { requireInternalSecret } from '../auth/internal-secret';
import { HttpError } from '../errors';
import type { CallerGuards } from './access-routes';

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

/**
 * Development aids (the mail outbox): absent in production (404) and only for a caller on this
 * machine (403). The socket must be loopback, so a caller reaching the service port from another
 * machine is refused whatever it claims; through the gateway (on this machine) the socket is the
 * gateway's, and the address the gateway forwards (x-forwarded-for, which it always overwrites
 * with the client it saw) must be loopback too.
 */
export function requireLoopbackDevelopment<State>(production: boolean): Koa.Middleware<State> {
  return async (ctx, next) => {
    if (production) throw new HttpError(404, 'Not found.');
    const forwarded = ctx.get('x-forwarded-for');
    const socketIsLocal = isLoopbackAddress(ctx.req.socket.remoteAddress);
    const clientIsLocal = forwarded === '' || forwarded.split(',').every((part) => isLoopbackAddress(part.trim()));
    if (!socketIsLocal || !clientIsLocal) throw new HttpError(403, 'The development outbox answers only on the machine the shop runs on.');
    await next();
  };
}

/** The guards of a service that resolves tokens (createAuthGuards), keyed by the access table's caller kinds. */
export function callerGuards(guards: AuthGuards, options: { internalSecret: string; production?: boolean }): CallerGuards<AuthState> {
  return {
    'customer-or-guest': guards.optionalCustomer,
    // The handler then answers 404 to anyone but the order's owner or the holder of its payment key.
    'order-owner-or-payment-key': guards.optionalCustomer,
    'signed-in': guards.requireAuth,
    customer: guards.requireCustomer,
    staff: guards.requireStaff,
    internal: requireInternalSecret<AuthState>(options.internalSecret),
    'dev-loopback': requireLoopbackDevelopment<AuthState>(options.production ?? process.env.NODE_ENV === 'production'),
  };
}
