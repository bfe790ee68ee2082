import { useLayoutEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { applyPageMeta } from '@shop/store-kit';
import type { RouteHandle } from './routes';

/**
 * After every navigation to a new path: the route's title, description and social-sharing meta.
 * A layout effect runs before every passive effect of the same commit, so a page that sets its
 * own meta (usePageMeta, a passive effect) always has the last word, even though children's
 * effects run before their parents'. A change of query string only (a sort order) keeps the meta.
 */
export function usePageMetaOnNavigate(): void {
  const matches = useMatches();
  const { pathname } = useLocation();
  const handle = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.meta)?.handle as RouteHandle | undefined;
  const meta = handle?.meta;
  useLayoutEffect(() => {
    if (meta) applyPageMeta(meta);
    window.scrollTo?.({ top: 0 });
    // Only a new path counts as a navigation here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
