import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import type { StorefrontPage } from '@shop/api-types';
import { selectIsSignedIn, useAppSelector } from '@shop/store-kit';
import { RemoteArea } from '../federation/RemoteArea';
import type { RemoteName, RemotePageOwner } from '../federation/remoteTypes';
import { Layout } from '../layout/Layout';
import { Loading, NotFound } from '@shop/storefront-ui';
import { STOREFRONT_PAGES, type ShellPageName } from './pages';

const StaticPage = lazy(() => import('../pages/static/StaticPage'));

/** What a remote's error boundary calls the part of the shop that failed to load. */
const REMOTE_AREAS: Record<RemoteName, string> = {
  mf_catalog: 'catalogue',
  mf_account: 'account pages',
  mf_checkout: 'checkout',
  mf_chat: 'shopping assistant',
  mf_admin: 'back office',
};

/** A page that lives in a remote; the boundary resets when the path changes. */
function RemotePage({ owner }: { owner: RemotePageOwner }): JSX.Element {
  const location = useLocation();
  return <RemoteArea {...owner} area={REMOTE_AREAS[owner.remote]} resetKey={location.pathname} />;
}

/**
 * A page for signed-in shoppers: a signed-out one is sent on (to /login) before the page's module
 * is loaded, so a first visit downloads only the page it is shown (the area checks again itself,
 * for a session the server refuses later).
 */
function SignedInPage({ owner, signedOut }: { owner: RemotePageOwner; signedOut: string }): JSX.Element {
  const signedIn = useAppSelector(selectIsSignedIn);
  return signedIn ? <RemotePage owner={owner} /> : <Navigate to={signedOut} replace />;
}

const staticPage = (page: Exclude<ShellPageName, 'not-found'>): ReactNode => (
  <Suspense fallback={<Loading tall />}>
    <StaticPage page={page} />
  </Suspense>
);

const elementOf = ({ owner, signedOut }: StorefrontPage<ShellPageName, RemotePageOwner>): ReactNode => {
  if ('remote' in owner) return signedOut ? <SignedInPage owner={owner} signedOut={signedOut} /> : <RemotePage owner={owner} />;
  return owner.shell === 'not-found' ? <NotFound /> : staticPage(owner.shell);
};

const route = (page: StorefrontPage<ShellPageName, RemotePageOwner>): RouteObject => ({ path: page.path, element: elementOf(page) });

/** The storefront's public route table (spec section 2), made from its page table (pages.ts). Areas not built yet fall through to NotFound. */
export const routes: RouteObject[] = [
  ...STOREFRONT_PAGES.filter((page) => page.ownLayout).map(route),
  {
    element: <Layout />,
    children: [
      { path: '/shop', element: <Navigate to="/shop/all" replace /> },
      ...STOREFRONT_PAGES.filter((page) => !page.ownLayout).map(route),
    ],
  },
];

/**
 * The storefront's pages under the shop's router. A plain <BrowserRouter> (MemoryRouter in tests)
 * rather than a data router: the shop loads no route data through the router, and the data
 * router's half of React Router was about 12 KB (compressed) of every storefront page's first load.
 */
export function ShopRoutes(): JSX.Element | null {
  return useRoutes(routes);
}
