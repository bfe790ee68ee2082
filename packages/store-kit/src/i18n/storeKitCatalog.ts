/**
 * store-kit's own strings (the cart's and wishlist's toasts, the cart's re-pricing notices, the
 * fallback error, the shop's default description): the pattern of ./index.ts, as a shared package's
 * catalog so every translation instance loads it. Internal: apps keep their own `t`.
 */
import { defineCatalog } from './catalog';

export const storeKitCatalog = defineCatalog({
  name: 'store_kit',
  // One chunk name with the shell's and storefront-ui's catalogs: every page loads the three in its language,
  // so the shell's build makes them one file (one request, ~0.2 KB less than three).
  load: {
    en: () => import(/* webpackChunkName: "i18n-en" */ './locales/en.json'),
    sw: () => import(/* webpackChunkName: "i18n-sw" */ './locales/sw.json'),
  },
  shared: true,
});

export const { t } = storeKitCatalog;
