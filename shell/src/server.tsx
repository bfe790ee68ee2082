/**
 * The shell's first-screen renderer, run by the gateway (services/gateway/src/ssr): the header,
 * footer and launchers around a page, to HTML, with PAGE_SLOT where the page's own renderer's HTML
 * goes. Built to dist/server/index.js by createServerConfig (packages/mf-config).
 */
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import type { RouteObject } from 'react-router-dom';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import type { ShopLanguage } from '@shop/api-types';
import { createI18n, createShopStore, LanguageProvider } from '@shop/store-kit';
import { markRemotesConfigured } from './federation/remotes';
import { shellCatalog } from './i18n';
import { Layout } from './layout/Layout';

export const PAGE_SLOT = '<template data-first-screen-page=""></template>';

/** The storefront layout around one slot: the page itself is drawn by the remote that owns it. */
const LAYOUT_ROUTES: RouteObject[] = [{ element: <Layout />, children: [{ path: '*', element: <template data-first-screen-page="" /> }] }];
const handler = createStaticHandler(LAYOUT_ROUTES);

export async function renderLayout({
  url,
  remotes,
  language = 'en',
}: {
  url: string;
  remotes: string[];
  language?: ShopLanguage;
}): Promise<string> {
  markRemotesConfigured(remotes);
  // An instance per drawing: two pages in two languages may be drawn at once.
  const i18n = await createI18n(language, [shellCatalog]);
  const context = await handler.query(new Request(new URL(url, 'http://shop.invalid')));
  if (context instanceof Response) throw new Error(`The layout route answered ${context.status}`);
  return renderToString(
    <Provider store={createShopStore()}>
      <LanguageProvider i18n={i18n}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </LanguageProvider>
    </Provider>,
  );
}
