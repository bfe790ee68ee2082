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
  load: { sw: () => import(/* webpackChunkName: "i18n-store-kit-sw" */ './locales/sw.json') },
  shared: true,
});

export const { t } = storeKitCatalog;
