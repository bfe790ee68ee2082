/** The account's strings: see @shop/store-kit's i18n for the pattern every storefront remote follows. */
import { defineCatalog } from '@shop/store-kit';
import en from './locales/en.json';

export const accountCatalog = defineCatalog({
  name: 'mf_account',
  en,
  load: { sw: () => import(/* webpackChunkName: "i18n-account-sw" */ './locales/sw.json') },
});

export const { useT, t } = accountCatalog;
