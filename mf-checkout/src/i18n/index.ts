/** The checkout's strings: see @shop/store-kit's i18n for the pattern every storefront remote follows. */
import { defineCatalog, defineServerMessages } from '@shop/store-kit';
import en from './locales/en.json';

export const checkoutCatalog = defineCatalog({
  name: 'mf_checkout',
  en,
  load: { sw: () => import(/* webpackChunkName: "i18n-checkout-sw" */ './locales/sw.json') },
  // In the Swahili catalog's file: an English checkout does not download them.
  serverMessages: async () => (await import(/* webpackChunkName: "i18n-checkout-sw" */ './serverMessages')).SERVER_MESSAGE_RULES,
});

export const { useT, t } = checkoutCatalog;

/** The server's (and this remote's own spec) messages in the shopper's language: `say(CHECKOUT_MESSAGES.town)`. */
export const { useServerMessage, serverMessage } = defineServerMessages(checkoutCatalog);
