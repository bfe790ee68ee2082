/**
 * The cart page's and the cart drawer's strings: a part of the checkout's catalog (see
 * @shop/store-kit's defineCatalog), so a shopper opening the cart downloads those (0.3 KB in
 * English, 0.4 KB in Swahili) rather than every checkout, payment and result string (2.1 KB, and
 * 3.4 KB with the server's messages). The type keeps these screens to the part's ids.
 */
import { MINIMUM_ORDER_MESSAGE } from '@shop/api-types';
import { defineCatalog, defineServerMessages, type CatalogModule, type CatalogPart } from '@shop/store-kit';
import type whole from './locales/en.json';

/** The areas of the catalog the cart and the drawer show, and the one server message they say. */
export const BASKET_PART = ['common', 'cart', 'drawer', 'server.minimumOrder'] as const;

export const basketCatalog = defineCatalog({
  name: 'mf_checkout',
  part: 'basket',
  // The same list as BASKET_PART in each import (parts.test.ts checks it): an import needs its path written out.
  load: {
    en: () =>
      import(/* webpackChunkName: "i18n-basket-en" */ './locales/en.json?only=common,cart,drawer,server.minimumOrder') as Promise<
        CatalogModule<CatalogPart<typeof whole, typeof BASKET_PART>>
      >,
    sw: () => import(/* webpackChunkName: "i18n-basket-sw" */ './locales/sw.json?only=common,cart,drawer,server.minimumOrder'),
  },
  // One rule, a few bytes: written here rather than in a file of its own to import.
  serverMessages: () => Promise.resolve([[MINIMUM_ORDER_MESSAGE, 'server.minimumOrder'] as const]),
});

export const { useT } = basketCatalog;
export const { useServerMessage } = defineServerMessages(basketCatalog);
