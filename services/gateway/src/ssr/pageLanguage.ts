import { acceptedLanguages, DEFAULT_LANGUAGE, isShopLanguage, LANGUAGE_ATTRIBUTE, pickLanguage, type ShopLanguage } from '@shop/api-types';

/**
 * The language a storefront page is answered in, and the addresses of its versions.
 *
 * The order: the shopper's own choice (LANGUAGE_COOKIE, written by the header's switch), else the
 * address's `?lang=sw` or `?lang=en` (what the pages' hreflang links and the sitemap name, for
 * search engines, which send no cookie), else Accept-Language, else English. The choice beats the
 * address so a reload after the switch never goes back to the language of the link the shopper came
 * by. A `?lang` that decided the page becomes the shopper's choice (the gateway sets the cookie), so
 * the pages they go on to are in the same language.
 */

/** The query parameter that selects a page's language: `/product/unga-2kg?lang=sw`. English is the address without it. */
export const LANGUAGE_PARAMETER = 'lang';

export interface PageLanguage {
  language: ShopLanguage;
  /** What decided it: an answer decided by Accept-Language varies with it, the others do not. */
  from: 'cookie' | 'address' | 'accept-language';
}

/** Browsers send the same few Accept-Language values again and again: each is parsed once. */
const ACCEPTED_KEPT = 256;
const byAcceptLanguage = new Map<string, ShopLanguage>();

function fromAcceptLanguage(header: string | undefined): ShopLanguage {
  if (!header) return DEFAULT_LANGUAGE;
  let language = byAcceptLanguage.get(header);
  if (language === undefined) {
    language = pickLanguage(acceptedLanguages(header));
    if (byAcceptLanguage.size >= ACCEPTED_KEPT) byAcceptLanguage.clear();
    byAcceptLanguage.set(header, language);
  }
  return language;
}

/** The page's language from the cookie's value, the `lang` parameter's and the Accept-Language header (see the order above). */
export function choosePageLanguage(cookie: string | undefined, parameter: unknown, acceptLanguage: string | undefined): PageLanguage {
  if (isShopLanguage(cookie)) return { language: cookie, from: 'cookie' };
  if (isShopLanguage(parameter)) return { language: parameter, from: 'address' };
  return { language: fromAcceptLanguage(acceptLanguage), from: 'accept-language' };
}

/** A page's address in a language, on the shop's public address: English without a parameter, the others with `?lang=`. */
export function languageUrl(publicUrl: string, pathname: string, language: ShopLanguage): string {
  const url = new URL(pathname || '/', `${publicUrl}/`);
  url.search = '';
  url.hash = '';
  if (language !== DEFAULT_LANGUAGE) url.searchParams.set(LANGUAGE_PARAMETER, language);
  return url.href;
}

/** A tag of the template marked with a language: the shell's build marks its start-up catalogs' preloads so. */
const LANGUAGE_MARKED_TAG = new RegExp(`<link\\b[^>]*\\s${LANGUAGE_ATTRIBUTE}=["']?([a-z]+)["']?[^>]*>`, 'gi');

/**
 * The template in the page's language: its <html> start tag says it (`<html lang="sw"
 * data-shop-language="sw">`), so the browser starts in it and a drawn copy is replaced by the same
 * words, and of the catalogs' preloads it keeps the language's own (mf-config's BootPreloadPlugin
 * marks them). Made once per template and language.
 */
export function withPageLanguage(html: string, language: ShopLanguage): string {
  return html
    .replace(LANGUAGE_MARKED_TAG, (tag, marked: string) => (marked === language ? tag : ''))
    .replace(/<html\b([^>]*)>/i, (_, attributes: string) => {
      const others = attributes
        .replace(/\s(?:lang|data-shop-language)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?/gi, '')
        .replace(/\s*\/?\s*$/, '');
      return `<html${others} lang="${language}" ${LANGUAGE_ATTRIBUTE}="${language}">`;
    });
}
