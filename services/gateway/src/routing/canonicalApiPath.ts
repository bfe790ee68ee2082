import { ACCESS_TABLE, accessPathPattern } from '@shop/api-types';
import { normalisePath } from './requestPath';

/** An escape of a character that never needs one in a path (letters, digits, - . _ ~), of a separator (/ \) or of a control character. */
const NEEDLESS_OR_SEPARATOR_ESCAPE = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[def]|5[cf]|7[ef]|[01][0-9a-f])/i;
/** A '%' not followed by two hex digits. */
const BROKEN_ESCAPE = /%(?![0-9a-f]{2})/i;

/** The access table's /api paths as one exact, case-sensitive pattern (a `:param` is one segment). */
const API_ROUTES = new RegExp(
  [...new Set(ACCESS_TABLE.filter((row) => row.path.startsWith('/api/')).map((row) => row.path))]
    .map((path) => `(?:${accessPathPattern(path).source})`)
    .join('|'),
);
/** A '.' or '..' segment. */
const DOT_SEGMENT = /(?:^|\/)\.{1,2}(?:\/|$)/;

/** Whether a request path is meant for /api, however it is spelled (`/API`, `//api`, `/%61pi`...). */
export function isApiPath(path: string): boolean {
  if (path.startsWith('/api/')) return true;
  const normal = normalisePath(path);
  return normal === '/api' || normal.startsWith('/api/');
}

/**
 * Whether an /api path is spelled the one way the services route it: no doubled or trailing
 * slash, no '.' or '..' segment, no escape of a letter, digit, '-', '.', '_', '~', '/', '\' or a control
 * character, no broken escape, no backslash, and, when it holds a capital letter, exactly a path of the access
 * table (`/api/admin/dashboard/statusReport`, a coupon code in its place). Anything else is
 * answered 404 before a service is chosen, so a guard can never be skipped by another spelling.
 */
export function isCanonicalApiPath(path: string): boolean {
  if (path.includes('//') || path.endsWith('/') || path.includes('\\') || DOT_SEGMENT.test(path)) return false;
  if (path.includes('%') && (NEEDLESS_OR_SEPARATOR_ESCAPE.test(path) || BROKEN_ESCAPE.test(path))) return false;
  if (/[A-Z]/.test(path)) return API_ROUTES.test(path);
  return true;
}
