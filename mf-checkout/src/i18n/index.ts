/** The checkout's strings: see @shop/store-kit's i18n for the pattern every storefront remote follows. */
import { defineCatalog, defineServerMessages } from '@shop/store-kit';
import en from './locales/en.json';
import { SERVER_MESSAGE_RULES } from './serverMessages';

export const checkoutCatalog = defineCatalog({
  name: 'mf_checkout',
  en,
  load: { sw: () => import(/* webpackChunkName: "i18n-checkout-sw" */ './locales/sw.json') },
});

export const { useT, t } = checkoutCatalog;

/** The server's (and this remote's own spec) messages in the shopper's language: `say(CHECKOUT_MESSAGES.town)`. */
export const { useServerMessage, serverMessage } = defineServerMessages(checkoutCatalog, SERVER_MESSAGE_RULES);
