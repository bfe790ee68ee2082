import { CART_COOKIE, encodeCartCookie, type Product } from '@shop/api-types';
import { fromCents, lineTotal } from '@shop/money';
import { unitPriceCents } from '@shop/store-kit/src/cart/cartSlice';
import { STORAGE_KEYS } from '@shop/store-kit/src/storageKeys';

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

/** The storefront pages the issue names: home, shop, one product, the cart with items and checkout. */
export async function storefrontPages(origin: string): Promise<StorefrontPage[]> {
  const products = (await (await fetch(`${origin}/api/site/products`)).json()) as Product[];
  if (!products.length) throw new Error('The catalogue is empty: the bench needs the seeded shop.');
  const cart = cartStorage(products);
  const cartLines = JSON.parse(cart[STORAGE_KEYS.cart]!) as Array<{ id: number; quantity: number }>;
  const cookies = { [CART_COOKIE]: encodeCartCookie(cartLines) };
  return [
    { path: '/', storage: {} },
    { path: '/shop/all', storage: {} },
    { path: `/product/${products[0]!.slug}`, storage: {} },
    { path: '/cart', storage: cart, cookies },
    { path: '/checkout', storage: cart, cookies },
  ];
}

/** The back office's main pages (axe-core only: the admin is for staff on desktops, not shoppers). */
export const ADMIN_PAGES = [
  '/admin/login',
  '/admin/dashboard',
  '/admin/products',
  '/admin/orders',
  '/admin/coupons',
  '/admin/customers',
  '/admin/reports/orders',
  '/admin/reports/revenue',
];

/**
 * Asks once for each page and what its head preloads, unmeasured: a freshly started shop answers
 * its first requests slowly (code still compiling, files not yet read), which no shopper of a
 * running shop sees.
 */
export async function warmUp(origin: string, pages: StorefrontPage[]): Promise<void> {
  for (const page of pages) {
    const html = await (await fetch(`${origin}${page.path}`)).text();
    // The head's links, and on a drawn page the scripts and preloads its loader starts after the first paint.
    const hinted = [...html.matchAll(/<link[^>]+href="?([^" >]+)"?[^>]*>|"(?:href|src)":"([^"]+)"/g)]
      .map((match) => (match[1] ?? match[2])!)
      .filter((href) => href.startsWith('/'));
    await Promise.all(hinted.map(async (href) => (await fetch(`${origin}${href}`)).arrayBuffer()));
  }
}
