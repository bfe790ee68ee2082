/**
 * The shell's first-screen renderer, run by the gateway (services/gateway/src/ssr): the header,
 * footer and launchers around a page, to HTML, with PAGE_SLOT where the page's own renderer's HTML
 * goes. Built to dist/server/index.js by createServerConfig (packages/mf-config).
 */
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { Route, Routes } from 'react-router-dom';
import { StaticRouter } from 'react-router-dom/server';
import type { ShopLanguage } from '@shop/api-types';
import { createI18n, createShopStore, LanguageProvider } from '@shop/store-kit';
import { markRemotesConfigured } from './federation/remotes';
import { shellCatalog } from './i18n';
import { Layout } from './layout/Layout';

export const PAGE_SLOT = '<template data-first-screen-page=""></template>';

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
  const location = new URL(url, 'http://shop.invalid');
  return renderToString(
    <Provider store={createShopStore()}>
      <LanguageProvider i18n={i18n}>
        {/* The storefront layout around one slot: the page itself is drawn by the remote that owns it. */}
        <StaticRouter location={location.pathname + location.search}>
          <Routes>
            <Route element={<Layout />}>
              <Route path="*" element={<template data-first-screen-page="" />} />
            </Route>
          </Routes>
        </StaticRouter>
      </LanguageProvider>
    </Provider>,
  );
}
