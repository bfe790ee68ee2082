import { useLayoutEffect, useRef } from 'react';
import { matchRoutes, useLocation } from 'react-router-dom';
import { DEFAULT_LANGUAGE, type StorefrontPage } from '@shop/api-types';
import { applyPageMeta, useLanguage } from '@shop/store-kit';
import { STOREFRONT_PAGES } from './pages';

/** The page table as the router ranks it, for the meta of the page a path shows. */
const PAGE_ROUTES = STOREFRONT_PAGES.map((page) => ({ path: page.path, meta: page.meta }));

/** The page table's title and description of the page at `pathname`, in English with its other languages beside. */
export function pageMetaOf(pathname: string): StorefrontPage['meta'] | undefined {
  const matches = matchRoutes(PAGE_ROUTES, pathname);
  return matches?.[matches.length - 1]?.route.meta;
}

/**
 * After every navigation to a new path: the route's title, description and social-sharing meta.
 * A layout effect runs before every passive effect of the same commit, so a page that sets its
 * own meta (usePageMeta, a passive effect) always has the last word, even though children's
 * effects run before their parents'. A change of query string only (a sort order) keeps the meta.
 * A new path starts at the top of the page; the first one is where the browser put it (the top,
 * or where the shopper was before a reload), and a scroll there would only force a layout in the
 * middle of the shop's start-up on a slow phone.
 *
 * In the language shown (English where the table has no translation). When the shopper switches
 * language on a page, its route meta follows unless the page has set its own since (it sets its
 * own again, translated, and a product's name is the same in both languages).
 */
export function usePageMetaOnNavigate(): void {
  const { pathname } = useLocation();
  const { language } = useLanguage();
  const pageMeta = pageMetaOf(pathname);
  const meta = pageMeta && language !== DEFAULT_LANGUAGE ? (pageMeta[language] ?? pageMeta) : pageMeta;
  const firstPath = useRef(true);
  const shownLanguage = useRef(language);
  /** The title the route's meta gave the page: while it is still the page's, the route owns the meta. */
  const routeTitle = useRef<string | null>(null);
  const apply = () => {
    if (!meta) return;
    applyPageMeta({ title: meta.title, description: meta.description });
    routeTitle.current = document.title;
  };
  useLayoutEffect(() => {
    apply();
    if (!firstPath.current) window.scrollTo?.({ top: 0 });
    firstPath.current = false;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new path is a navigation: the same page's meta changing is applied by the page itself.
  }, [pathname]);
  useLayoutEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    if (document.title === routeTitle.current) apply();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new language on the same page: the route's words in it.
  }, [language]);
}
