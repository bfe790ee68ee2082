/**
 * The static pages' strings (FAQs and policies), apart from the shell's own catalog: they are most
 * of the shell's words, and only these pages show them, so they come with the static page's chunk
 * instead of with every page's start-up (English) or every Swahili page's catalog.
 */
import { defineCatalog } from '@shop/store-kit';

export const staticPagesCatalog = defineCatalog({
  name: 'shell_static',
  load: {
    en: () => import(/* webpackChunkName: "i18n-static-en" */ './locales/en.json'),
    sw: () => import(/* webpackChunkName: "i18n-static-sw" */ './locales/sw.json'),
  },
});

export const { useT } = staticPagesCatalog;
