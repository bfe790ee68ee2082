import type { IncomingMessage } from 'node:http';
import { cameOverHttps, type TrustedProxies } from '../clientAddress/trustedProxies';

/**
 * Sent with every answer of the gateway. The pages' Content-Security-Policy is made with the
 * page (security/contentSecurityPolicy.ts); every other answer, a service's HTML included (the
 * payment simulator), is still never framed.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  // Nothing in the shop asks for these; a script that got in could not either.
  'Permissions-Policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
};

/** A year; browsers then refuse plain http for the shop's host (not its subdomains, which may be other teams'). */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

const WITH_HSTS: Readonly<Record<string, string>> = { ...SECURITY_HEADERS, 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY };

/** One set of security headers: as Koa sets them, and as a flat [name, value, ...] list for writeHead on the raw path. */
export interface SecurityHeaders {
  record: Readonly<Record<string, string>>;
  list: readonly string[];
}

const setOf = (record: Readonly<Record<string, string>>): SecurityHeaders => ({ record, list: Object.entries(record).flat() });
const PLAIN = setOf(SECURITY_HEADERS);
const OVER_HTTPS = setOf(WITH_HSTS);

/**
 * The security headers for a request: Strict-Transport-Security only on https, as HSTS over plain
 * http is ignored and would pin a development host. Two sets made once; nothing per request.
 */
export function securityHeadersFor(trusted: TrustedProxies): (req: IncomingMessage) => SecurityHeaders {
  return (req) => (cameOverHttps(req, trusted) ? OVER_HTTPS : PLAIN);
}
