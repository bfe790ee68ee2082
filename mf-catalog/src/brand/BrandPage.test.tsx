import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { mockApi, renderWithStore, resetShopState, respond } from '@shop/store-kit/testing';
import { BRANDS, cardNames, filterResult } from '../testFixtures';
import BrandPage from './BrandPage';

function mockBrandApi(): jest.SpyInstance {
  return mockApi({
    'GET /site/brands': () => BRANDS,
    'GET /site/products/filter/([^?]+)': (_request, match) =>
      BRANDS.some((brand) => brand.slug === match[1]) ? filterResult(match[1]!) : respond(404, { message: 'Brand not found' }),
  });
}

function renderBrand(slug: string) {
  return renderWithStore(
    <MemoryRouter initialEntries={[`/brand/${slug}`]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/brand/:slug" element={<BrandPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => resetShopState());

describe('BrandPage', () => {
  it("shows '{brand} Products' with the brand's product cards and the brand logos, its own marked current", async () => {
    mockBrandApi();
    renderBrand('nyota');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nyota Products' })).toBeTruthy();
    const nyota = filterResult('nyota').products;
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(nyota.length));
    expect(cardNames(document.body)).toEqual(nyota.map((product) => product.name));

    const logos = screen.getByRole('navigation', { name: 'Brands' });
    await within(logos).findByRole('img', { name: 'Nyota' });
    const links = within(logos).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(BRANDS.map((brand) => `/brand/${brand.slug}`));
    expect(links.map((link) => within(link).getByRole('img').getAttribute('alt'))).toEqual(BRANDS.map((brand) => brand.name));
    expect(links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.getAttribute('href'))).toEqual([
      '/brand/nyota',
    ]);
    expect(document.title).toBe('Nyota Products | Shwari Shop');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Nyota by Nyota Agro Industries Ltd: buy online with free delivery countrywide.',
    );
  });

  it('a brand logo leads to that brand', async () => {
    mockBrandApi();
    renderBrand('nyota');
    await screen.findByRole('heading', { level: 1, name: 'Nyota Products' });
    fireEvent.click(await screen.findByRole('img', { name: 'Pwani Bora' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pwani Bora Products' })).toBeTruthy();
    await screen.findByText(filterResult('pwani-bora').products[0]!.name);
    expect(cardNames(document.body)).toEqual(filterResult('pwani-bora').products.map((product) => product.name));
  });

  it('cards have Quick View with the product link', async () => {
    mockBrandApi();
    renderBrand('afya-bora');
    await screen.findAllByTestId('product-card');
    const product = filterResult('afya-bora').products[0]!;
    fireEvent.click(screen.getByRole('button', { name: `Quick View ${product.name}` }));
    const dialog = screen.getByRole('dialog', { name: product.name });
    expect(within(dialog).getByRole('link', { name: 'View product details' }).getAttribute('href')).toBe(`/product/${product.slug}`);
  });

  it("an unknown brand shows 'NotFound'", async () => {
    mockBrandApi();
    renderBrand('no-such-brand');
    expect(await screen.findByRole('heading', { name: 'NotFound' })).toBeTruthy();
    expect(screen.getByText('We could not find that brand.')).toBeTruthy();
  });

  it("a brand with no products shows 'No Products'; a failed load says so", async () => {
    mockApi({ 'GET /site/brands': () => BRANDS, 'GET /site/products/filter/(.+)': () => ({ products: [], brand: BRANDS[0] }) });
    const { unmount } = renderBrand('mlima-gold');
    expect(await screen.findByText('No Products')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Mlima Gold Products' })).toBeTruthy();
    unmount();
    resetShopState();

    mockApi({ 'GET /site/brands': () => BRANDS, 'GET /site/products/filter/(.+)': () => respond(500, { message: 'boom' }) });
    renderBrand('mlima-gold');
    expect(await screen.findByText('We could not load the products just now.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Brand Products' })).toBeTruthy();
  });
});
