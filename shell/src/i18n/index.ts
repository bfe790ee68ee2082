/** The shell's strings (header, footer, layout, fallbacks): see @shop/store-kit's i18n for the pattern. */
import { defineCatalog } from '@shop/store-kit';
import en from './locales/en.json';

export const shellCatalog = defineCatalog({
  name: 'shell',
  en,
  // One file with the shared packages' Swahili catalogs (see store-kit's storeKitCatalog.ts).
  load: { sw: () => import(/* webpackChunkName: "i18n-sw" */ './locales/sw.json') },
});

export const { useT, t } = shellCatalog;
