import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createI18n, LanguageProvider } from '@shop/store-kit';
import { catalogProblems } from '@shop/store-kit/i18n/catalogCheck';
import { mockApi, renderWithStore, resetShopState, respond } from '@shop/store-kit/testing';
import { BRANDS, CATEGORIES, PRODUCTS, filterResult } from '../testFixtures';
import HomePage from '../home/HomePage';
import ProductPage from '../product/ProductPage';
import SearchPage from '../search/SearchPage';
import ShopPage from '../shop/ShopPage';
import { catalogCatalog } from '.';
import en from './locales/en.json';
import sw from './locales/sw.json';

const flour = PRODUCTS[0]!;

beforeEach(() => {
  mockApi({
    'GET /site/brands': () => BRANDS,
    'GET /site/categories': () => CATEGORIES,
    'GET /site/products/filter(\\?.*)?': () => filterResult('all'),
    'GET /site/products/view/(.+)': () => flour,
    'GET /site/search\\?q=(.*)': () => ({ query: 'unga', products: [flour], notice: null, complete: true }),
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  resetShopState();
});

async function renderIn(language: 'en' | 'sw', path: string): Promise<void> {
  const i18n = await createI18n(language, [catalogCatalog]);
  renderWithStore(
    <LanguageProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/shop/all" element={<ShopPage />} />
          <Route path="/product/:slug" element={<ProductPage />} />
          <Route path="/search" element={<SearchPage />} />
        </Routes>
      </MemoryRouter>
    </LanguageProvider>,
  );
}

describe('the catalogue in Swahili', () => {
  it('shows the shop in Swahili, prices as they are', async () => {
    await renderIn('sw', '/shop/all');
    const count = filterResult('all').products.length;
    expect(await screen.findByText(`Inaonyesha 1-${count} kati ya ${count}`)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Duka' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Bei: ya chini kwanza' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aina zote' })).toBeTruthy();
    // The product types too, not only "All types" (they stayed English).
    const types = screen.getByRole('navigation', { name: 'Aina za bidhaa' });
    expect(within(types).getByRole('link', { name: 'Unga wa mahindi' })).toBeTruthy();
    expect(within(types).queryByRole('link', { name: 'Maize Meal' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Tazama haraka / }).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/^KSh \d{1,3}(,\d{3})*\.\d{2}$/).length).toBeGreaterThan(0);
  });

  it('shows a product page in Swahili, the product as the catalogue names it', async () => {
    await renderIn('sw', `/product/${flour.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: flour.name })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Maelezo ya bidhaa' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nyumbani' })).toBeTruthy();
    expect(
      screen.getByText(`Usafirishaji bure kote nchini ndani ya saa 24 hadi 48. Hadi ${flour.limit.maximum_quantity} kwa kila oda.`),
    ).toBeTruthy();
  });

  it('a missing product says so in Swahili, in the page and in the tab', async () => {
    mockApi({ 'GET /site/products/view/(.+)': () => respond(404, { message: 'Product not found' }) });
    await renderIn('sw', '/product/hakuna-bidhaa');
    expect(await screen.findByText('Hatukupata bidhaa hiyo. Huenda haiuzwi tena.')).toBeTruthy();
    expect(document.title).toBe('Bidhaa haipatikani | Shwari Shop');
  });

  it('the mid-page banner speaks Swahili in page text (its small print no longer drawn into the picture)', async () => {
    mockApi({ 'GET /site/products/.*': () => [flour] });
    await renderIn('sw', '/');
    const banner = await screen.findByRole('link', { name: /Punguzo hadi 20% kwa unga wa Pwani Bora/ });
    expect(banner.getAttribute('href')).toBe('/shop/pwani-bora/baking-flour');
    expect(within(banner).getByText('Msimu wa kuoka')).toBeTruthy();
    expect(within(banner).getByText('Ofa kwa unga wa chapati, unga unaojiumua na unga wa keki.')).toBeTruthy();
    expect(within(banner).getByRole('presentation', { hidden: true }).getAttribute('alt')).toBe('');
    expect(screen.queryByText(/Baking season/)).toBeNull();
  });

  it('counts search results with Swahili plurals', async () => {
    await renderIn('sw', '/search?q=unga');
    expect(await screen.findByText('Bidhaa 1 imepatikana')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Matokeo ya “unga”' })).toBeTruthy();
  });

  it('stays in English when the language is English', async () => {
    await renderIn('en', '/search?q=unga');
    expect(await screen.findByText('1 product found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Search results for “unga”' })).toBeTruthy();
  });
});

describe("the catalogue's catalog", () => {
  it('has every id the code uses, each translated into Swahili with the same arguments', () => {
    expect(catalogProblems({ en, translations: { sw }, sourceDir: `${__dirname}/..` })).toEqual([]);
  });
});
