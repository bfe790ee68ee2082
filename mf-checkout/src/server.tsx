/**
 * This remote's first-screen renderer, run by the gateway (services/gateway/src/ssr): the cart and
 * the checkout of a shopper who is not signed in, drawn from their cart cookie with the catalogue's
 * current products. Built to dist/server/index.js by createServerConfig (packages/mf-config).
 */
import '@shop/store-kit/firstScreen/publicPath';
import type { ComponentType } from 'react';
import type { FirstScreenPage, FirstScreenPageRequest, Product } from '@shop/api-types';
import { cartReplaced, createI18n, createShopStore, LanguageProvider, type CartLine } from '@shop/store-kit';
import { renderPageWithData } from '@shop/store-kit/firstScreen/renderPage';
import CartPage from './cart/CartPage';
import CheckoutPage from './checkout/CheckoutPage';
import { checkoutCatalog } from './i18n';
import { basketCatalog } from './i18n/basket';
import { resultsCatalog } from './i18n/results';

const PAGES: Record<string, ComponentType> = { CartPage, CheckoutPage };

/** The cart as the browser keeps it: each line the product as listed now, with its quantity. */
async function cartLines(request: FirstScreenPageRequest): Promise<CartLine[] | null> {
  const response = await fetch(`${globalThis.location.origin}/api/site/products`);
  if (!response.ok) return null;
  const products = new Map(((await response.json()) as Product[]).map((product) => [product.id, product]));
  const lines: CartLine[] = [];
  for (const { id, quantity } of request.cart) {
    const product = products.get(id);
    // A product gone from the shop: the browser's own cart decides what to show.
    if (!product) return null;
    lines.push({ ...product, quantity, product_total: 0 });
  }
  return lines;
}

export async function renderPage(request: FirstScreenPageRequest): Promise<FirstScreenPage | null> {
  const Page = PAGES[request.module];
  if (!Page || request.cart.length === 0) return null;
  const lines = await cartLines(request);
  if (!lines) return null;
  const store = createShopStore();
  store.dispatch(cartReplaced(lines));
  // An instance per drawing: two shoppers' pages in two languages may be drawn at once.
  const i18n = await createI18n(request.language ?? 'en', [checkoutCatalog, basketCatalog, resultsCatalog]);
  return renderPageWithData(store, Page, request, (page) => <LanguageProvider i18n={i18n}>{page}</LanguageProvider>);
}
