/** The account's strings: see @shop/store-kit's i18n for the pattern every storefront remote follows. */
import { defineCatalog } from '@shop/store-kit';

export const accountCatalog = defineCatalog({
  name: 'mf_account',
  load: {
    en: () => import(/* webpackChunkName: "i18n-account-en" */ './locales/en.json'),
    sw: () => import(/* webpackChunkName: "i18n-account-sw" */ './locales/sw.json'),
  },
  // In the Swahili catalog's file: an English page does not download them.
  serverMessages: async () => (await import(/* webpackChunkName: "i18n-account-sw" */ './serverMessageRules')).ACCOUNT_SERVER_MESSAGES,
});

export const { useT, t } = accountCatalog;
