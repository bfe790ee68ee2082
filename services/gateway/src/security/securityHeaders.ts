import type { IncomingMessage } from 'node:http';
import { cameOverHttps, type TrustedProxies } from '../clientAddress/trustedProxies';

/**
 * Sent with every answer of the gateway. The pages' Content-Security-Policy is made with the
 * page (security/contentSecurityPolicy.ts); every other answer, a service's HTML included (the
 * payment simulator), is still never framed. The headers helmet sets by default, each decided for
 * the shop:
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  // Nothing in the shop asks for these; a script that got in could not either.
  'Permissions-Policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  // A page another site opened (or that opened one) shares no window with it: no window.opener to
  // steer the shop's tab. The shop opens no other site's window it talks to (the payment page is a
  // navigation of the shop's own tab, and back), and its own links to other sites are noopener.
  'Cross-Origin-Opener-Policy': 'same-origin',
  // Only the shop's own pages may load its answers as scripts, images or styles (an API answer
  // read by another site's <script> or <img> is refused by the browser, not only unreadable).
  'Cross-Origin-Resource-Policy': 'same-origin',
  // The page gets a process of its own where the browser can, rather than one shared with the
  // shop's other subdomains (which may be other teams').
  'Origin-Agent-Cluster': '?1',
};

/**
 * What pages of other origins are meant to load: a remote's files (a shell on another origin loads
 * them, as their `Access-Control-Allow-Origin: *` says) and the catalogue's pictures (a link
 * preview, a chat or mail client shows them on its own origin). Decided on the raw path: any other
 * spelling of it gets the stricter `same-origin`.
 */
const isCrossOriginResource = (url: string): boolean => {
  // Looked at on every answer (the cached API reads too): one character rules most paths out.
  const second = url.charCodeAt(1);
  return (second === 114 && url.startsWith('/remotes/')) || (second === 109 && url.startsWith('/media/'));
};

/** The headers of a file other origins load (see above); a remote on its own port sends them too (static/remoteServer.ts). */
export const CROSS_ORIGIN_RESOURCE_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

/** A year; browsers then refuse plain http for the shop's host (not its subdomains, which may be other teams'). */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

const withHsts = (record: Readonly<Record<string, string>>): Readonly<Record<string, string>> => ({
  ...record,
  'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY,
});

/** One set of security headers: as Koa sets them, and as a flat [name, value, ...] list for writeHead on the raw path. */
export interface SecurityHeaders {
  record: Readonly<Record<string, string>>;
  list: readonly string[];
}

const setOf = (record: Readonly<Record<string, string>>): SecurityHeaders => ({ record, list: Object.entries(record).flat() });
const PLAIN = setOf(SECURITY_HEADERS);
const OVER_HTTPS = setOf(withHsts(SECURITY_HEADERS));
const SHARED_PLAIN = setOf(CROSS_ORIGIN_RESOURCE_HEADERS);
const SHARED_OVER_HTTPS = setOf(withHsts(CROSS_ORIGIN_RESOURCE_HEADERS));

/**
 * The security headers for a request: Strict-Transport-Security only on https, as HSTS over plain
 * http is ignored and would pin a development host; `Cross-Origin-Resource-Policy: cross-origin`
 * only for what other origins load. Four sets made once; nothing per request but the choice.
 */
export function securityHeadersFor(trusted: TrustedProxies): (req: IncomingMessage) => SecurityHeaders {
  return (req) => {
    const shared = isCrossOriginResource(req.url ?? '');
    if (cameOverHttps(req, trusted)) return shared ? SHARED_OVER_HTTPS : OVER_HTTPS;
    return shared ? SHARED_PLAIN : PLAIN;
  };
}
