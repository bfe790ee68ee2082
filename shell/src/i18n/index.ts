/** The shell's strings (header, footer, layout, fallbacks): see @shop/store-kit's i18n for the pattern. */
import { defineCatalog } from '@shop/store-kit';

export const shellCatalog = defineCatalog({
  name: 'shell',
  // One file with the shared packages' Swahili catalogs (see store-kit's storeKitCatalog.ts).
  load: {
    en: () => import(/* webpackChunkName: "i18n-en" */ './locales/en.json'),
    sw: () => import(/* webpackChunkName: "i18n-sw" */ './locales/sw.json'),
  },
});

export const { useT, t } = shellCatalog;
