/**
 * The checkout page's strings: a part of the checkout's catalog (see @shop/store-kit's
 * defineCatalog and the pattern every storefront remote follows), without the cart's and the
 * result pages' (./basket, ./results), which load with their own pages.
 */
import { defineCatalog, defineServerMessages, type CatalogModule, type CatalogPart } from '@shop/store-kit';
import type whole from './locales/en.json';

export const CHECKOUT_PART = [
  'common',
  'checkout',
  'fields',
  'errors',
  'coupon',
  'points',
  'summary',
  'payment',
  'progress',
  'server',
] as const;

export const checkoutCatalog = defineCatalog({
  name: 'mf_checkout',
  part: 'checkout',
  // The same list as CHECKOUT_PART in each import (parts.test.ts checks it): an import needs its path written out.
  load: {
    en: () =>
      import(
        /* webpackChunkName: "i18n-checkout-en" */ './locales/en.json?only=common,checkout,fields,errors,coupon,points,summary,payment,progress,server'
      ) as Promise<CatalogModule<CatalogPart<typeof whole, typeof CHECKOUT_PART>>>,
    sw: () =>
      import(
        /* webpackChunkName: "i18n-checkout-sw" */ './locales/sw.json?only=common,checkout,fields,errors,coupon,points,summary,payment,progress,server'
      ),
  },
  // In the Swahili catalog's file: an English checkout does not download them.
  serverMessages: async () => (await import(/* webpackChunkName: "i18n-checkout-sw" */ './serverMessages')).SERVER_MESSAGE_RULES,
});

export const { useT, t } = checkoutCatalog;

/** The server's (and this remote's own spec) messages in the shopper's language: `say(CHECKOUT_MESSAGES.town)`. */
export const { useServerMessage, serverMessage } = defineServerMessages(checkoutCatalog);
