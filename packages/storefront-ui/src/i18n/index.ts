/**
 * The shared pieces' strings (Add to Cart, the stepper, NotFound, the county dropdowns): see
 * @shop/store-kit's i18n for the pattern. A shared package's catalog: every translation instance
 * loads it beside the app's own, as these pieces show inside every remote's pages.
 */
import { defineCatalog } from '@shop/store-kit';

export const storefrontUiCatalog = defineCatalog({
  name: 'storefront_ui',
  // One file with the shell's and store-kit's Swahili catalogs (see store-kit's storeKitCatalog.ts).
  load: {
    en: () => import(/* webpackChunkName: "i18n-en" */ './locales/en.json'),
    sw: () => import(/* webpackChunkName: "i18n-sw" */ './locales/sw.json'),
  },
  shared: true,
});

export const { useT } = storefrontUiCatalog;
