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

/**
 * The security headers for a request: Strict-Transport-Security only on https, as HSTS over plain
 * http is ignored and would pin a development host. Two objects made once; nothing per request.
 */
export function securityHeadersFor(trusted: TrustedProxies): (req: IncomingMessage) => Readonly<Record<string, string>> {
  return (req) => (cameOverHttps(req, trusted) ? WITH_HSTS : SECURITY_HEADERS);
}
