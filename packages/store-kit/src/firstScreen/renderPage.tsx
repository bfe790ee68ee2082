/**
 * Drawing a remote's page for the gateway (see services/gateway/src/ssr): used by each remote's
 * src/server.tsx, never by the browser bundle (it brings react-dom/server), hence not exported
 * from the package index.
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { Route, Routes } from 'react-router-dom';
import { StaticRouter } from 'react-router-dom/server';
import type { FirstScreenPage, FirstScreenPageRequest, FirstScreenQuery } from '@shop/api-types';
import { api } from '../api';
import type { ShopStore } from '../store';

/** What the remote reports about the drawn page, read from the store while its answers are still there. */
export type DescribePage = (store: ShopStore) => Pick<FirstScreenPage, 'notFound' | 'facts'>;

/**
 * The page at the request's URL, with the data it asks for: a first pass starts every call the
 * page makes (query hooks start them while rendering on a server), the second draws the page with
 * the answers. `wrap` adds what the remote's pages expect around them (a context); `describe`
 * tells the gateway whether the page was found and what it is about, from the same answers.
 */
export async function renderPageWithData(
  store: ShopStore,
  Page: ComponentType,
  request: Pick<FirstScreenPageRequest, 'pattern' | 'url'>,
  wrap: (page: JSX.Element) => JSX.Element = (page) => page,
  describe?: DescribePage,
): Promise<FirstScreenPage> {
  const page = (
    <Provider store={store}>
      {wrap(
        <StaticRouter location={request.url}>
          <Routes>
            <Route path={request.pattern} element={<Page />} />
          </Routes>
        </StaticRouter>,
      )}
    </Provider>
  );
  try {
    renderToString(page);
    await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
    const html = renderToString(page);
    const queries: FirstScreenQuery[] = [];
    for (const query of Object.values(store.getState().api.queries)) {
      if (query?.status === 'fulfilled') queries.push({ endpointName: query.endpointName, originalArgs: query.originalArgs });
    }
    return { html, queries, ...describe?.(store) };
  } finally {
    store.dispatch(api.util.resetApiState());
  }
}
