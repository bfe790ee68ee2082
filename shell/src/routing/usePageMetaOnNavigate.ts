import { useLayoutEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { applyPageMeta, type PageMeta } from '@shop/store-kit';

/**
 * Route metadata: the page title and description set after every navigation. Declared here, by
 * its reader, so the layout (which runs this hook) needs nothing of the route table that holds it.
 */
export interface RouteHandle {
  meta: PageMeta;
}

/**
 * After every navigation to a new path: the route's title, description and social-sharing meta.
 * A layout effect runs before every passive effect of the same commit, so a page that sets its
 * own meta (usePageMeta, a passive effect) always has the last word, even though children's
 * effects run before their parents'. A change of query string only (a sort order) keeps the meta.
 * A new path starts at the top of the page; the first one is where the browser put it (the top,
 * or where the shopper was before a reload), and a scroll there would only force a layout in the
 * middle of the shop's start-up on a slow phone.
 */
export function usePageMetaOnNavigate(): void {
  const matches = useMatches();
  const { pathname } = useLocation();
  const handle = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.meta)?.handle as RouteHandle | undefined;
  const meta = handle?.meta;
  const firstPath = useRef(true);
  useLayoutEffect(() => {
    if (meta) applyPageMeta(meta);
    if (!firstPath.current) window.scrollTo?.({ top: 0 });
    firstPath.current = false;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new path is a navigation: the same page's meta changing is applied by the page itself.
  }, [pathname]);
}
