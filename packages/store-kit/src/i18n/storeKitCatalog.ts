/**
 * store-kit's own strings (the cart's and wishlist's toasts, the cart's re-pricing notices, the
 * fallback error, the shop's default description): the pattern of ./index.ts, as a shared package's
 * catalog so every translation instance loads it. Internal: apps keep their own `t`.
 */
import { defineCatalog } from './catalog';
import en from './locales/en.json';

export const storeKitCatalog = defineCatalog({
  name: 'store_kit',
  en,
  // One chunk name with the shell's and storefront-ui's catalogs: every Swahili page loads the three,
  // so the shell's build makes them one file (one request, ~0.2 KB less than three).
  load: { sw: () => import(/* webpackChunkName: "i18n-sw" */ './locales/sw.json') },
  shared: true,
});

export const { t } = storeKitCatalog;
