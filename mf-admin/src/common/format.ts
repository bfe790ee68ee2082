import { formatNairobiDateTime, formatNairobiDay } from '@shop/api-types';
import { formatKsh } from '@shop/money';

/** 'KSh 1,930.00' (exact: through integer cents in @shop/money). */
export const ksh = (amount: number | null | undefined): string => formatKsh(Number(amount ?? 0));

/** Amount with 2 decimals and no currency, for CSV cells: '1930.50'. */
export const plainAmount = (amount: number | null | undefined): string =>
  formatKsh(Number(amount ?? 0))
    .replace(/^KSh /, '')
    .replace(/,/g, '');

export const DATE_FORMAT = 'YYYY-MM-DD';

/**
 * '12 Jan 2026' for tables: the Kenyan day, wherever the browser is (a coupon from 1 Nov must not
 * show '31 Oct' in New York); the raw value when it does not parse.
 */
export const formatDate = (value: string | null | undefined): string => formatNairobiDay(value);

/** '12 Jan 2026, 14:05' on the Nairobi clock, wherever the browser is. */
export const formatDateTime = (value: string | null | undefined): string => formatNairobiDateTime(value);

/** Whole numbers with thousands separators. */
export const count = (value: number | null | undefined): string => new Intl.NumberFormat('en-KE').format(Number(value ?? 0));

/** A product or brand image path from the API, made absolute against the gateway's origin. */
export function mediaUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  try {
    return new URL(path, globalThis.location?.origin ?? 'http://localhost').toString();
  } catch {
    return undefined;
  }
}

/** 'JO' for Juma Otieno: the avatar when a customer has no photo. */
export function initials(first: string | null | undefined, last: string | null | undefined): string {
  return `${(first ?? '').trim().charAt(0)}${(last ?? '').trim().charAt(0)}`.toUpperCase() || '?';
}
