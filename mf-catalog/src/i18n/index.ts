/** The catalogue's strings: see @shop/store-kit's i18n for the pattern every storefront remote follows. */
import { defineCatalog } from '@shop/store-kit';

export const catalogCatalog = defineCatalog({
  name: 'mf_catalog',
  load: {
    en: () => import(/* webpackChunkName: "i18n-catalog-en" */ './locales/en.json'),
    sw: () => import(/* webpackChunkName: "i18n-catalog-sw" */ './locales/sw.json'),
  },
});

export const { useT, t } = catalogCatalog;
