import { createHash, timingSafeEqual } from 'node:crypto';
import { CSRF_HEADER, STAFF_PAGE_COOKIE, STAFF_SESSION_COOKIE } from '@shop/api-types';

/**
 * The back office's session: the staff token in an HttpOnly cookie, plus a CSRF token derived from
 * it (sha256 of a fixed label and the token, base64url). Any service holding the cookie's token can
 * check the header without a shared secret or a stored value, and no one without the token (a
 * cross-site page cannot read the cookie) can compute it, so a request forged by another site,
 * which carries the cookie but cannot set the header, is refused.
 */
export function csrfTokenFor(sessionToken: string): string {
  return createHash('sha256').update(`shop-admin-csrf:${sessionToken}`).digest('base64url');
}

/** Whether `given` (the X-CSRF-Token header) is the session's CSRF token, compared in constant time. */
export function csrfTokenMatches(given: string, sessionToken: string): boolean {
  const expected = Buffer.from(csrfTokenFor(sessionToken));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Methods that change nothing (the services keep it so): no CSRF token needed. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export { CSRF_HEADER, STAFF_PAGE_COOKIE, STAFF_SESSION_COOKIE };

/** A cookie's value from a Cookie header (first of that name), or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  return null;
}

export interface CookieOptions {
  path: string;
  httpOnly: boolean;
  secure: boolean;
  /** Seconds; 0 deletes the cookie. */
  maxAgeSeconds: number;
}

/** One Set-Cookie value, always SameSite=Strict. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
  ];
  if (options.maxAgeSeconds <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  parts.push('SameSite=Strict');
  return parts.join('; ');
}
