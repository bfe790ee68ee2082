/**
 * The contract between the gateway and an app's first-screen renderer (dist/server/index.js, built
 * from src/server.tsx by @shop/mf-config's createServerConfig): the gateway draws a storefront
 * page's first screen into its HTML, so a phone paints it before any script has run, and the
 * browser's first render starts from the same data (see services/gateway/src/ssr).
 */

/**
 * A call the page made while it was drawn. The browser makes the same calls before its first
 * render (their answers are preloaded by the page's hints), so that render shows what the drawn
 * copy shows; the answers themselves are not repeated in the page, which would make its HTML, the
 * one file everything else waits for, several times larger.
 */
export interface FirstScreenQuery {
  endpointName: string;
  originalArgs: unknown;
}

export interface FirstScreenPageRequest {
  /** The exposed module that draws the page ('ProductPage'). */
  module: string;
  /** The route pattern of the page ('/product/:slug'), for its params. */
  pattern: string;
  /** Path and query of the page. */
  url: string;
  /** The shopper's likely screen width (from the User-Agent: a phone or not), for layouts that depend on it. */
  viewportWidth: number;
  /** The shopper's cart, from their cart cookie: for the pages that show it. */
  cart: CartCookieLine[];
  /** The language to draw in (LANGUAGE_COOKIE, else Accept-Language through pickLanguage); English when absent. */
  language?: ShopLanguage;
}

export interface FirstScreenPage {
  html: string;
  queries: FirstScreenQuery[];
  /**
   * The page drawn is the shop's NotFound (an unknown product, brand or product type): the gateway
   * answers it 404, as a search engine or a link preview must see it.
   */
  notFound?: boolean;
  /** What the page is about, for its title, description, share tags and structured data. */
  facts?: FirstScreenPageFacts;
}

/**
 * What a drawn page tells the gateway about itself, as data: the gateway writes the head's tags
 * (title, description, canonical URL, Open Graph, Twitter, schema.org JSON-LD) from it with the
 * shop's public address and its own escaping, so no renderer writes HTML outside its page.
 */
export interface FirstScreenPageFacts {
  /** Without the shop's name ('Pembe Maize Meal 2kg'); 'Shwari Shop' alone for the home page. */
  title: string;
  /** Plain text. */
  description: string;
  /** A path on the shop ('/media/products/x.svg') or an absolute URL: the page's share image. */
  image?: string;
  /** A product page: its schema.org Product. */
  product?: FirstScreenProductFacts;
  /** The page's place in the shop, from the home page down to the page itself: its schema.org BreadcrumbList. */
  breadcrumbs?: Array<{ name: string; path: string }>;
}

export interface FirstScreenProductFacts {
  name: string;
  image: string;
  /** Plain text. */
  description: string;
  sku: string;
  brand: string;
  /** What a shopper pays now, in KSh: the offer price when it is lower than the regular one. */
  price: number;
  inStock: boolean;
}

/** What a remote's renderer exports. */
export interface FirstScreenPageRenderer {
  renderPage(request: FirstScreenPageRequest): Promise<FirstScreenPage | null>;
}

/** What the shell's renderer exports: the header, footer and launchers around a page. */
export interface FirstScreenLayoutRenderer {
  /** Where the page goes in the layout's HTML. */
  PAGE_SLOT: string;
  renderLayout(request: { url: string; remotes: string[]; language?: ShopLanguage }): Promise<string>;
}

/** The id of the script element (type application/json) that carries FirstScreenState into the page. */
export const FIRST_SCREEN_STATE_ID = 'shop-first-screen';

/** What the browser reads before its first render. */
export interface FirstScreenState {
  remote: string;
  module: string;
  queries: FirstScreenQuery[];
  /** The language the copy was drawn in: the browser starts in it, so the copy is replaced by the same words. */
  language?: ShopLanguage;
}

/**
 * The storefront's languages: English (the source language, whose catalogs give the ids) and
 * Swahili. The back office stays English. See store-kit's i18n for the browser's side.
 */
export const SHOP_LANGUAGES = ['en', 'sw'] as const;
export type ShopLanguage = (typeof SHOP_LANGUAGES)[number];
export const DEFAULT_LANGUAGE = 'en' satisfies ShopLanguage;

/**
 * The shopper's own choice from the header's switch (also kept in local storage): the gateway draws
 * pages in it. Without it, the first visit follows Accept-Language (pickLanguage).
 */
export const LANGUAGE_COOKIE = 'shop_lang';

/**
 * The attribute on <html> with the language the gateway chose for the page (`<html lang="sw"
 * data-shop-language="sw">`): the browser starts in it, before the cookie and navigator.languages,
 * so a drawn copy is replaced in its own language. `lang` alone is not enough: the shell's
 * index.html says lang="en" for pages nobody chose a language for.
 */
export const LANGUAGE_ATTRIBUTE = 'data-shop-language';

export function isShopLanguage(value: unknown): value is ShopLanguage {
  return typeof value === 'string' && (SHOP_LANGUAGES as readonly string[]).includes(value);
}

/**
 * A catalog's chunk is named for its language: `i18n-<language>` (the shell's, one file with the
 * shared packages'), `i18n-<area>-<language>` (an app's, or a part of it: `i18n-checkout-sw`), as
 * each app's src/i18n names it in its import()s. A build writes it as `<name>.<hash>.js`. The
 * language of such a file, so the page's own can be preloaded; null for any other file.
 */
export function catalogFileLanguage(file: string): ShopLanguage | null {
  const language = /(?:^|\/)i18n(?:-[a-z0-9]+)*-([a-z]+)\.[0-9a-f]+\.js$/.exec(file)?.[1];
  return isShopLanguage(language) ? language : null;
}

/** The first of the shopper's languages (best first: 'sw-KE', 'en-GB', ...) that the shop speaks; English otherwise. */
export function pickLanguage(preferred: readonly string[]): ShopLanguage {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isShopLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** An Accept-Language header's languages, best first ('sw-KE,sw;q=0.9,en;q=0.8' → sw-KE, sw, en); q=0 ones left out. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * Cookies the storefront keeps beside its local storage so the gateway can draw the cart and the
 * checkout (which are each shopper's own) as the shopper will see them: the cart's product ids and
 * quantities (prices and names come from the catalogue), and whether someone is signed in (whose
 * checkout the gateway cannot know, so it leaves it to the browser). Never a token or a price.
 */
export const CART_COOKIE = 'shop_cart';
export const SIGNED_IN_COOKIE = 'shop_signed_in';

export interface CartCookieLine {
  id: number;
  quantity: number;
}

/** '12x3.7x1': product 12 three times, product 7 once. */
export function encodeCartCookie(lines: CartCookieLine[]): string {
  return lines.map((line) => `${line.id}x${line.quantity}`).join('.');
}

/** The lines of a cart cookie; anything malformed is left out (at most 100 lines). */
export function decodeCartCookie(value: string | undefined): CartCookieLine[] {
  if (!value) return [];
  const lines: CartCookieLine[] = [];
  for (const part of value.split('.').slice(0, 100)) {
    const match = /^(\d{1,9})x(\d{1,4})$/.exec(part);
    if (match) lines.push({ id: Number(match[1]), quantity: Number(match[2]) });
  }
  return lines;
}
