/**
 * This remote's first-screen renderer, run by the gateway (services/gateway/src/ssr): draws one of
 * the pages this remote exposes, with the data it asks for, to HTML. Built to dist/server/index.js
 * by createServerConfig (packages/mf-config).
 */
import '@shop/store-kit/firstScreen/publicPath';
import type { ComponentType } from 'react';
import type { FirstScreenPage, FirstScreenPageRequest } from '@shop/api-types';
import { createI18n, createShopStore, LanguageProvider } from '@shop/store-kit';
import { renderPageWithData } from '@shop/store-kit/firstScreen/renderPage';
import { describePage } from './firstScreen/pageFacts';
import { ServerViewportWidth } from './firstScreen/viewport';
import { catalogCatalog } from './i18n';
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
  // An instance per drawing, in the language the gateway asks for (its Swahili is in this one file).
  const i18n = await createI18n(request.language ?? 'en', [catalogCatalog]);
  // With what the page is about (or that it was not found), for the gateway's status and head tags.
  return renderPageWithData(
    createShopStore(),
    Page,
    request,
    (page) => (
      <LanguageProvider i18n={i18n}>
        <ServerViewportWidth.Provider value={request.viewportWidth}>{page}</ServerViewportWidth.Provider>
      </LanguageProvider>
    ),
    (store) => describePage(request, store, i18n),
  );
}
