import { CART_COOKIE, DEFAULT_LANGUAGE, LANGUAGE_COOKIE, encodeCartCookie, type Product, type ShopLanguage } from '@shop/api-types';
import { fromCents, lineTotal } from '@shop/money';
import { unitPriceCents } from '@shop/store-kit/cart/cartSlice';
import { STORAGE_KEYS } from '@shop/store-kit/storageKeys';
import { STOREFRONT_PAGES } from '../../shell/src/routing/pages';

/** A storefront page as the benchmarks open it: its path and what local storage holds first. */
export interface StorefrontPage {
  path: string;
  /** Local storage set on the shop's origin before the page loads (the cart, for /cart and /checkout). */
  storage: Record<string, string>;
  /** Cookies the storefront keeps beside that storage (the cart cookie, as the shop writes it with the cart). */
  cookies?: Record<string, string>;
}

/** The cart a shopper brings to /cart and /checkout: the same lines the storefront would have stored. */
export function cartStorage(products: Product[]): Record<string, string> {
  const lines = products.slice(0, 3).map((product) => {
    const quantity = Math.max(1, product.limit?.minimum_quantity ?? 1);
    return {
      id: product.id,
      name: product.name,
      slug: product.slug,
      image: product.image,
      unit: product.unit,
      price: product.price,
      offer: product.offer,
      limit: product.limit,
      quantity,
      product_total: fromCents(lineTotal(unitPriceCents(product), quantity)),
    };
  });
  return { [STORAGE_KEYS.cart]: JSON.stringify(lines) };
}

/** What a shopper with the bench's cart has on the shop's origin: its lines in local storage and its cookie. */
function cartState(products: Product[]): Pick<StorefrontPage, 'storage' | 'cookies'> {
  const storage = cartStorage(products);
  const cartLines = JSON.parse(storage[STORAGE_KEYS.cart]!) as Array<{ id: number; quantity: number }>;
  return { storage, cookies: { [CART_COOKIE]: encodeCartCookie(cartLines) } };
}

async function seededProducts(origin: string): Promise<Product[]> {
  const products = (await (await fetch(`${origin}/api/site/products`)).json()) as Product[];
  if (!products.length) throw new Error('The catalogue is empty: the bench needs the seeded shop.');
  return products;
}

/** The storefront pages the issue names: home, shop, one product, the cart with items and checkout. */
export async function storefrontPages(origin: string): Promise<StorefrontPage[]> {
  const products = await seededProducts(origin);
  const cart = cartState(products);
  return [
    { path: '/', storage: {} },
    { path: '/shop/all', storage: {} },
    { path: `/product/${products[0]!.slug}`, storage: {} },
    { path: '/cart', ...cart },
    { path: '/checkout', ...cart },
  ];
}

/**
 * One address for each page of the storefront's page table (the shell's, which the gateway also
 * follows), so a page added there is measured too, or stops the bench until it is given one here.
 * The back office (its own layout) is left out: it is not the shopper's.
 */
export async function storefrontRoutes(origin: string): Promise<StorefrontPage[]> {
  const products = await seededProducts(origin);
  const product = products[0]!;
  const searchWord = product.name.split(/\s+/)[0]!;
  const addresses: Record<string, string> = {
    '/shop/:brandSlug': `/shop/${product.brand.slug}`,
    '/shop/:brandSlug/:categorySlug': `/shop/${product.brand.slug}/${product.category.slug}`,
    '/brand/:slug': `/brand/${product.brand.slug}`,
    '/product/:slug': `/product/${product.slug}`,
    '/search': `/search?q=${encodeURIComponent(searchWord)}`,
    '/profile/*': '/profile',
    '*': '/no-such-page',
  };
  const cart = cartState(products);
  return STOREFRONT_PAGES.filter((page) => !page.ownLayout).map((page) => {
    const path = addresses[page.path] ?? page.path;
    if (/[:*]/.test(path))
      throw new Error(`The page table's ${page.path} has no address to measure: add one in bench/storefront/pages.ts.`);
    // Only a shopper with a cart is sent to the cart and the checkout.
    return page.path === '/cart' || page.path === '/checkout' ? { path, ...cart } : { path, storage: {} };
  });
}

/**
 * The page as a shopper who chose `language` in the header's switch opens it: the shop_lang
 * cookie set before it loads, which the gateway draws in and the browser starts in. English is
 * opened as before, with no choice made (the shop's default).
 */
export function inLanguage(page: StorefrontPage, language: ShopLanguage): StorefrontPage {
  if (language === DEFAULT_LANGUAGE) return page;
  return { ...page, cookies: { ...page.cookies, [LANGUAGE_COOKIE]: language } };
}

/**
 * Every page of the back office's route table (mf-admin/src/routes.ts; pages.test.ts fails when a route
 * is missing here), for axe-core only: the admin is for staff on desktops, not shoppers. A detail
 * page opens the demo seed's first order, product, coupon, customer, category and brand: it shows
 * its facts in antd's Descriptions, whose labels no list page has.
 */
export const ADMIN_PAGES = [
  '/admin/login',
  '/admin/dashboard',
  '/admin/categories',
  '/admin/category/1',
  '/admin/brands',
  '/admin/brand/1',
  '/admin/products',
  '/admin/product/1',
  '/admin/synonyms',
  '/admin/orders',
  '/admin/orders/1',
  '/admin/customers',
  '/admin/customer/1',
  '/admin/users',
  '/admin/settings',
  '/admin/audit',
  '/admin/versions',
  '/admin/reports/category',
  '/admin/reports/products',
  '/admin/reports/orders',
  '/admin/reports/revenue',
  '/admin/coupons',
  '/admin/coupons/1',
];

/**
 * Asks once for each page and what its head preloads, unmeasured: a freshly started shop answers
 * its first requests slowly (code still compiling, files not yet read), which no shopper of a
 * running shop sees.
 */
export async function warmUp(origin: string, pages: StorefrontPage[]): Promise<void> {
  for (const page of pages) {
    // With the page's cookies: the gateway draws the cart and the chosen language from them.
    const cookie = Object.entries(page.cookies ?? {})
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const html = await (await fetch(`${origin}${page.path}`, { headers: cookie ? { cookie } : {} })).text();
    // The head's links, and on a drawn page the scripts and preloads its loader starts after the first paint.
    const hinted = [...html.matchAll(/<link[^>]+href="?([^" >]+)"?[^>]*>|"(?:href|src)":"([^"]+)"/g)]
      .map((match) => (match[1] ?? match[2])!)
      .filter((href) => href.startsWith('/'));
    await Promise.all(hinted.map(async (href) => (await fetch(`${origin}${href}`)).arrayBuffer()));
  }
}
