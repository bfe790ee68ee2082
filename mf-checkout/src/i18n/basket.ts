/**
 * The cart page's and the cart drawer's strings: a part of the checkout's catalog (see
 * @shop/store-kit's defineCatalog), so a shopper opening the cart in Swahili downloads those
 * (0.5 KB) rather than every checkout, payment and result string with the server's messages (3.5 KB),
 * and in English without the server-message rules. The type keeps these screens to the part's ids.
 */
import { MINIMUM_ORDER_MESSAGE } from '@shop/api-types';
import { defineCatalog, defineServerMessages } from '@shop/store-kit';
import en from './locales/en.json';

/** The areas of en.json the cart and the drawer show, and the one server message they say. */
export const BASKET_PART = ['common', 'cart', 'drawer', 'server.minimumOrder'] as const;
type Area = Exclude<(typeof BASKET_PART)[number], `${string}.${string}`>;
type BasketId = Extract<keyof typeof en, `${Area}.${string}`> | Extract<(typeof BASKET_PART)[number], `${string}.${string}`>;
type BasketMessages = Pick<typeof en, BasketId>;

export const basketCatalog = defineCatalog<BasketMessages>({
  name: 'mf_checkout',
  part: 'basket',
  en,
  // The same list as BASKET_PART (basket.test.ts checks it): an import needs its path written out.
  load: { sw: () => import(/* webpackChunkName: "i18n-basket-sw" */ './locales/sw.json?only=common,cart,drawer,server.minimumOrder') },
  // One rule, a few bytes: written here rather than in a file of its own to import.
  serverMessages: () => Promise.resolve([[MINIMUM_ORDER_MESSAGE, 'server.minimumOrder']]),
});

export const { useT } = basketCatalog;
export const { useServerMessage } = defineServerMessages(basketCatalog);
