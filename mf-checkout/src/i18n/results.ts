/**
 * The success and failed pages' strings (and their Pay Now / Try Again): a part of the checkout's
 * catalog (see ./index), with the server's messages those pages say.
 */
import { defineCatalog, defineServerMessages, type CatalogModule, type CatalogPart } from '@shop/store-kit';
import type whole from './locales/en.json';

export const RESULTS_PART = ['common', 'success', 'failed', 'server'] as const;

export const resultsCatalog = defineCatalog({
  name: 'mf_checkout',
  part: 'results',
  // The same list as RESULTS_PART in each import (parts.test.ts checks it): an import needs its path written out.
  load: {
    en: () =>
      import(/* webpackChunkName: "i18n-results-en" */ './locales/en.json?only=common,success,failed,server') as Promise<
        CatalogModule<CatalogPart<typeof whole, typeof RESULTS_PART>>
      >,
    sw: () => import(/* webpackChunkName: "i18n-results-sw" */ './locales/sw.json?only=common,success,failed,server'),
  },
  serverMessages: async () => (await import(/* webpackChunkName: "i18n-results-sw" */ './serverMessages')).SERVER_MESSAGE_RULES,
});

export const { useT } = resultsCatalog;
export const { useServerMessage, serverMessage } = defineServerMessages(resultsCatalog);
