import { encodeCartCookie } from '@shop/api-types';
import type { CartLine } from '../cart/cartSlice';
import { CART_COOKIE, SIGNED_IN_COOKIE } from '../storageKeys';

const MONTH_SECONDS = 30 * 24 * 3600;

function setCookie(name: string, value: string | null): void {
  try {
    const doc = globalThis.document;
    if (!doc) return;
    doc.cookie = value ? `${name}=${value}; Path=/; Max-Age=${MONTH_SECONDS}; SameSite=Lax` : `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
  } catch {
    // Cookies blocked: the gateway leaves the cart and the checkout to the browser.
  }
}

/** The cart cookie (see CART_COOKIE): kept with the cart in local storage. */
export function writeCartCookie(items: CartLine[]): void {
  setCookie(CART_COOKIE, items.length ? encodeCartCookie(items) : null);
}

/** Whether someone is signed in (see SIGNED_IN_COOKIE): never the token itself. */
export function writeSignedInCookie(signedIn: boolean): void {
  setCookie(SIGNED_IN_COOKIE, signedIn ? '1' : null);
}
