/**
 * This remote's first-screen renderer, run by the gateway (services/gateway/src/ssr): draws one of
 * the pages this remote exposes, with the data it asks for, to HTML. Built to dist/server/index.js
 * by createServerConfig (packages/mf-config).
 */
import './firstScreen/publicPath';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { Route, Routes } from 'react-router-dom';
import { StaticRouter } from 'react-router-dom/server';
import type { FirstScreenPage, FirstScreenPageRequest, FirstScreenQuery } from '@shop/api-types';
import { api, createShopStore } from '@shop/store-kit';
import { ServerViewportWidth } from './firstScreen/viewport';
import BrandPage from './brand/BrandPage';
import HomePage from './home/HomePage';
import ProductPage from './product/ProductPage';
import SearchPage from './search/SearchPage';
import ShopPage from './shop/ShopPage';

/** The exposed pages whose first screen is the same for every shopper (no cart, wishlist or account in it). */
const PAGES: Record<string, ComponentType> = { HomePage, ShopPage, BrandPage, ProductPage, SearchPage };

export async function renderPage(request: FirstScreenPageRequest): Promise<FirstScreenPage | null> {
  const Page = PAGES[request.module];
  if (!Page) return null;
  const store = createShopStore();
  const page = (
    <Provider store={store}>
      <ServerViewportWidth.Provider value={request.viewportWidth}>
        <StaticRouter location={request.url}>
          <Routes>
            <Route path={request.pattern} element={<Page />} />
          </Routes>
        </StaticRouter>
      </ServerViewportWidth.Provider>
    </Provider>
  );
  try {
    // The first pass starts every call the page makes (query hooks start them while rendering
    // here), the second draws the page with the answers.
    renderToString(page);
    await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
    const html = renderToString(page);
    const queries: FirstScreenQuery[] = [];
    for (const query of Object.values(store.getState().api.queries)) {
      if (query?.status === 'fulfilled') queries.push({ endpointName: query.endpointName, originalArgs: query.originalArgs });
    }
    return { html, queries };
  } finally {
    store.dispatch(api.util.resetApiState());
  }
}
