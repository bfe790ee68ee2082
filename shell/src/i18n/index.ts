/** The shell's strings (header, footer, layout, fallbacks): see @shop/store-kit's i18n for the pattern. */
import { defineCatalog } from '@shop/store-kit';
import en from './locales/en.json';

export const shellCatalog = defineCatalog({
  name: 'shell',
  en,
  load: { sw: () => import(/* webpackChunkName: "i18n-shell-sw" */ './locales/sw.json') },
});

export const { useT, t } = shellCatalog;
