/**
 * The storefront in English and Swahili, with Lingui (@lingui/core + @lingui/react, shared
 * singletons through Module Federation, ~4 KB compressed on the first load).
 *
 * The pattern, the same in the shell and every storefront remote:
 * - Strings live in the app's `src/i18n/locales/en.json` (the source language) and `sw.json`: ids
 *   grouped by page ('product.addToCart'), ICU MessageFormat values ('Showing {from}-{to} of
 *   {total}', '{count, plural, one {# item} other {# items}}'). The build compiles them
 *   (mf-config's catalogLoader), so no message parser is shipped.
 * - `src/i18n/index.ts` of the app: `export const { useT, t } = defineCatalog({ name: 'mf_x', load:
 *   { en: () => import('./locales/en.json'), sw: () => import('./locales/sw.json') } })`. Each
 *   language is a chunk of its own (`webpackChunkName: "i18n-x-en"`), fetched only when the page is
 *   in it: a page carries one language's strings. A language whose chunk does not arrive shows the
 *   app in English.
 * - A page that shows some of its app's strings (the checkout's cart, its results) may use a part of
 *   the catalog instead (`part`, every language imported as `en.json?only=cart,...`, typed with
 *   CatalogPart): its chunks carry only those, in English as in the other languages.
 * - The shared packages (storefront-ui, store-kit itself: ./storeKitCatalog) have catalogs of their
 *   own, defined `shared: true`: loaded with every app's (createI18n, the switch, the shell's start).
 * - Components: `const t = useT(); t('product.addToCart')`. Outside React (toasts, titles): `t(...)`.
 *   The ids are the English catalog's keys, so the type checker refuses an unknown one.
 * - Tests: `catalogProblems` (./catalogCheck) for completeness; `createI18n('sw', [catalog])` in a
 *   `LanguageProvider` to render a screen in Swahili. Every screen suite starts with the English
 *   catalogs its file defines loaded into the page's instance (the root jest.testing-library.cjs).
 * - First-screen renderers: `createI18n(request.language ?? 'en', [catalog])` around the page in a
 *   `LanguageProvider`: the catalogs are bundled in the renderer's one file.
 * - The services' messages (the spec's English, which they keep answering): rules mapping each English
 *   message or pattern to the app's catalog id ('server.invalidCoupon'), in a module of their own the
 *   catalog imports with its other languages (`serverMessages`, an import() given the same chunk name
 *   as the Swahili catalog's, "i18n-checkout-sw": English pages never download them), then
 *   `defineServerMessages(catalog)`; `const say = useServerMessage(); say(error)` shows a message in
 *   the page's language (English unchanged), and
 *   `serverMessageProblems` (./catalogCheck) keeps the English catalog equal to the server's words.
 *
 * The language: the gateway's choice on <html data-shop-language> for a drawn page, else the
 * shopper's (LANGUAGE_COOKIE 'shop_lang' and local storage, written by the header's switch), else
 * navigator.languages, else English (`detectLanguage`). Prices stay 'KSh 1,930.00' (formatKsh).
 */
export {
  defineCatalog,
  createI18n,
  loadCatalogs,
  pageI18n,
  type Catalog,
  type CatalogModule,
  type CatalogPart,
  type Messages,
  type TranslationValues,
} from './catalog';
export { detectLanguage, startLanguage, switchLanguage, LanguageProvider, useLanguage } from './language';
export { defineServerMessages, translateServerMessage, type ServerMessageRule, type ServerMessages } from './serverMessages';
