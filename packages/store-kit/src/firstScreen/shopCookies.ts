import { encodeCartCookie, type ShopLanguage } from '@shop/api-types';
import type { CartLine } from '../cart/cartSlice';
import { CART_COOKIE, LANGUAGE_COOKIE, SIGNED_IN_COOKIE } from '../storageKeys';

const MONTH_SECONDS = 30 * 24 * 3600;
const YEAR_SECONDS = 365 * 24 * 3600;

function setCookie(name: string, value: string | null, maxAgeSeconds = MONTH_SECONDS): void {
  try {
    const doc = globalThis.document;
    if (!doc) return;
    doc.cookie = value ? `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax` : `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
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

/** The shopper's language (see LANGUAGE_COOKIE): a choice, kept a year, as the switch's local storage is. */
export function writeLanguageCookie(language: ShopLanguage): void {
  setCookie(LANGUAGE_COOKIE, language, YEAR_SECONDS);
}
