import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Product, ProductFilterResult } from '@shop/api-types';
import { STORAGE_KEYS } from '@shop/store-kit';
import { mockApi, renderWithStore, resetShopState, respond, type FakeResponse } from '@shop/store-kit/testing';
import { BRANDS, CATEGORIES, PRODUCTS, cardNames, effectivePrice, filterResult } from '../testFixtures';
import ShopPage from './ShopPage';

/** The catalogue's filter call as the service answers it: brand from the path or ?brand=all, then category and sort. */
function answerFilter(request: Request): ProductFilterResult | FakeResponse {
  const url = new URL(request.url);
  const brand = url.pathname.match(/\/filter\/([^/]+)$/)?.[1] ?? url.searchParams.get('brand') ?? 'all';
  if (brand !== 'all' && !BRANDS.some((item) => item.slug === brand)) return respond(404, { message: 'Brand not found' });
  const category = url.searchParams.get('category') ?? undefined;
  if (category && !CATEGORIES.some((item) => item.slug === category)) return respond(404, { message: 'Category not found' });
  const result = filterResult(brand, category);
  const sort = url.searchParams.get('sort');
  const products = [...result.products];
  if (sort === 'price-low-high') products.sort((a, b) => effectivePrice(a) - effectivePrice(b));
  if (sort === 'price-high-low') products.sort((a, b) => effectivePrice(b) - effectivePrice(a));
  if (sort === 'newest') products.sort((a, b) => b.created_at.localeCompare(a.created_at));
  return { ...result, products };
}

function mockShopApi(filter: (request: Request) => unknown = answerFilter): jest.SpyInstance {
  return mockApi({
    'GET /site/brands': () => BRANDS,
    'GET /site/categories': () => CATEGORIES,
    'GET /site/products/filter(/[^?]+)?(\\?.*)?': (request) => filter(request),
  });
}

/** The filter calls the page made, as paths after /api (e.g. '/site/products/filter/mlima-gold?sort=newest'). */
function filterCalls(fetchMock: jest.SpyInstance): string[] {
  return fetchMock.mock.calls
    .map(([input]: [RequestInfo | URL]) => new URL(input instanceof Request ? input.url : String(input)))
    .map((url) => `${url.pathname.replace(/^\/api/, '')}${url.search}`)
    .filter((path) => path.startsWith('/site/products/filter'));
}

function CurrentUrl(): JSX.Element {
  const location = useLocation();
  return <output data-testid="url">{`${location.pathname}${location.search}`}</output>;
}

function renderShop(path: string) {
  return renderWithStore(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/shop/all" element={<ShopPage />} />
        <Route path="/shop/:brandSlug" element={<ShopPage />} />
        <Route path="/shop/:brandSlug/:categorySlug" element={<ShopPage />} />
        <Route path="/product/:slug" element={<h1>Product page</h1>} />
      </Routes>
      <CurrentUrl />
    </MemoryRouter>,
  );
}

const currentUrl = (): string => screen.getByTestId('url').textContent ?? '';
const brandNav = (): HTMLElement => screen.getByRole('navigation', { name: 'Brands' });
const typeNav = (): HTMLElement => screen.getByRole('navigation', { name: 'Product types' });
const sortSelect = (): HTMLSelectElement => screen.getByRole('combobox', { name: 'Sort products' }) as HTMLSelectElement;
const mlima = (): Product[] => PRODUCTS.filter((product) => product.brand.slug === 'mlima-gold');

/** Links of a filter row that are marked as the current page. */
const currentLinks = (nav: HTMLElement): string[] =>
  within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent ?? '');

afterEach(() => resetShopState());

describe('ShopPage', () => {
  it("/shop/all: every product, 'Showing 1-N of N results', All marked current in both filter rows", async () => {
    const fetchMock = mockShopApi();
    renderShop('/shop/all');
    expect(await screen.findByText(`Showing 1-${PRODUCTS.length} of ${PRODUCTS.length} results`)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Shop' })).toBeTruthy();
    // The first screen's cards at once, the rest right after.
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(PRODUCTS.length));
    expect(filterCalls(fetchMock)).toEqual(['/site/products/filter?brand=all']);

    await within(brandNav()).findByRole('link', { name: 'Mlima Gold' });
    const brandLinks = within(brandNav()).getAllByRole('link');
    expect(brandLinks.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['All', '/shop/all'],
      ['Mlima Gold', '/shop/mlima-gold'],
      ['Pwani Bora', '/shop/pwani-bora'],
      ['Nyota', '/shop/nyota'],
      ['Afya Bora', '/shop/afya-bora'],
      ['Shamba Bora', '/shop/shamba-bora'],
    ]);
    expect(currentLinks(brandNav())).toEqual(['All']);

    await within(typeNav()).findByRole('link', { name: 'Maize Meal' });
    const typeLinks = within(typeNav()).getAllByRole('link');
    expect(typeLinks.map((link) => link.textContent)).toEqual(['All types', ...CATEGORIES.map((category) => category.name)]);
    expect(within(typeNav()).getByRole('link', { name: 'Rice' }).getAttribute('href')).toBe('/shop/all/rice');
    expect(currentLinks(typeNav())).toEqual(['All types']);
    expect(document.title).toBe('Shop | Shwari Shop');
  });

  it("/shop/{brand}: the brand's products under '{brand} Products', its filter link current", async () => {
    const fetchMock = mockShopApi();
    renderShop('/shop/mlima-gold');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mlima Gold Products' })).toBeTruthy();
    expect(screen.getByText(`Showing 1-${mlima().length} of ${mlima().length} results`)).toBeTruthy();
    expect(cardNames(document.body)).toEqual(mlima().map((product) => product.name));
    expect(filterCalls(fetchMock)).toEqual(['/site/products/filter/mlima-gold']);

    await within(brandNav()).findByRole('link', { name: 'Mlima Gold' });
    expect(currentLinks(brandNav())).toEqual(['Mlima Gold']);
    expect(within(brandNav()).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBeNull();
    await within(typeNav()).findByRole('link', { name: 'Maize Meal' });
    expect(within(typeNav()).getByRole('link', { name: 'Maize Meal' }).getAttribute('href')).toBe('/shop/mlima-gold/maize-meal');
    expect(document.title).toBe('Mlima Gold | Shwari Shop');
  });

  it('/shop/{brand}/{type}: asks for the category, marks the type current, and All types leads back to the brand', async () => {
    const fetchMock = mockShopApi();
    renderShop('/shop/pwani-bora/baking-flour');
    await screen.findByRole('heading', { level: 1, name: 'Pwani Bora Products' });
    expect(filterCalls(fetchMock)).toEqual(['/site/products/filter/pwani-bora?category=baking-flour']);
    const expected = filterResult('pwani-bora', 'baking-flour').products;
    expect(expected.length).toBeGreaterThan(0);
    expect(screen.getByText(`Showing 1-${expected.length} of ${expected.length} results`)).toBeTruthy();
    await within(typeNav()).findByRole('link', { name: 'Chapati & Baking Flour' });
    expect(currentLinks(typeNav())).toEqual(['Chapati & Baking Flour']);
    expect(within(typeNav()).getByRole('link', { name: 'All types' }).getAttribute('href')).toBe('/shop/pwani-bora');
    // Brand links keep the product type.
    expect(within(brandNav()).getByRole('link', { name: 'Nyota' }).getAttribute('href')).toBe('/shop/nyota/baking-flour');
    expect(document.title).toBe('Pwani Bora – Chapati & Baking Flour | Shwari Shop');
  });

  it('clicking a brand filter loads that brand and moves the current mark', async () => {
    const fetchMock = mockShopApi();
    renderShop('/shop/all');
    fireEvent.click(await within(brandNav()).findByRole('link', { name: 'Afya Bora' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Afya Bora Products' })).toBeTruthy();
    expect(currentUrl()).toBe('/shop/afya-bora');
    const afya = filterResult('afya-bora').products;
    expect(await screen.findByText(`Showing 1-${afya.length} of ${afya.length} results`)).toBeTruthy();
    expect(cardNames(document.body)).toEqual(afya.map((product) => product.name));
    expect(currentLinks(brandNav())).toEqual(['Afya Bora']);
    expect(filterCalls(fetchMock)).toEqual(['/site/products/filter?brand=all', '/site/products/filter/afya-bora']);
  });

  it('has the sort dropdown with the four labels; each asks the server for that order and shows it', async () => {
    const fetchMock = mockShopApi();
    renderShop('/shop/mlima-gold');
    await screen.findByText(`Showing 1-${mlima().length} of ${mlima().length} results`);
    const select = sortSelect();
    expect(Array.from(select.options).map((option) => [option.value, option.textContent])).toEqual([
      ['default', 'Default Sorting'],
      ['price-low-high', 'Price: Low to High'],
      ['price-high-low', 'Price: High to Low'],
      ['newest', 'Newest Arrivals'],
    ]);
    expect(select.value).toBe('default');

    const byPrice = [...mlima()].sort((a, b) => effectivePrice(a) - effectivePrice(b)).map((product) => product.name);
    fireEvent.change(select, { target: { value: 'price-low-high' } });
    await waitFor(() => expect(cardNames(document.body)).toEqual(byPrice));
    expect(filterCalls(fetchMock).at(-1)).toBe('/site/products/filter/mlima-gold?sort=price-low-high');
    expect(currentUrl()).toBe('/shop/mlima-gold?sort=price-low-high');
    expect(sortSelect().value).toBe('price-low-high');
    // The first card is now the cheapest: Mlima Gold Sifted 1kg at KSh 94.50.
    expect(within(screen.getAllByTestId('product-card')[0]!).getByText('KSh 94.50')).toBeTruthy();
    // Filter links keep the chosen order.
    expect(within(typeNav()).getByRole('link', { name: 'Maize Meal' }).getAttribute('href')).toBe(
      '/shop/mlima-gold/maize-meal?sort=price-low-high',
    );

    const byPriceDown = [...mlima()].sort((a, b) => effectivePrice(b) - effectivePrice(a)).map((product) => product.name);
    fireEvent.change(sortSelect(), { target: { value: 'price-high-low' } });
    await waitFor(() => expect(cardNames(document.body)).toEqual(byPriceDown));
    expect(byPriceDown[0]).toBe('Mlima Gold Whole Maize Meal (Dona) 24kg Bale (12 x 2kg)');
    expect(filterCalls(fetchMock).at(-1)).toBe('/site/products/filter/mlima-gold?sort=price-high-low');

    const newest = [...mlima()].sort((a, b) => b.created_at.localeCompare(a.created_at)).map((product) => product.name);
    fireEvent.change(sortSelect(), { target: { value: 'newest' } });
    await waitFor(() => expect(cardNames(document.body)).toEqual(newest));
    expect(filterCalls(fetchMock).at(-1)).toBe('/site/products/filter/mlima-gold?sort=newest');
    expect(newest[0]).toBe('Mlima Gold Fortified Maize Meal 5kg');

    fireEvent.change(sortSelect(), { target: { value: 'default' } });
    await waitFor(() => expect(cardNames(document.body)).toEqual(mlima().map((product) => product.name)));
    expect(currentUrl()).toBe('/shop/mlima-gold');
    expect(filterCalls(fetchMock).every((path) => !path.includes('sort=default'))).toBe(true);
  });

  it('on /shop/all the sort goes with brand=all', async () => {
    const fetchMock = mockShopApi();
    renderShop('/shop/all?sort=price-high-low');
    await screen.findByText(`Showing 1-${PRODUCTS.length} of ${PRODUCTS.length} results`);
    expect(sortSelect().value).toBe('price-high-low');
    expect(filterCalls(fetchMock)).toEqual(['/site/products/filter?brand=all&sort=price-high-low']);
    // The most expensive product first: Nyota Vegetable Oil 20L, on offer at KSh 5,390.00.
    const first = screen.getAllByTestId('product-card')[0]!;
    expect(within(first).getByRole('link', { name: 'Nyota Vegetable Oil 20L' })).toBeTruthy();
    expect(within(first).getByText('KSh 5,390.00')).toBeTruthy();
  });

  it('an unknown sort in the address is treated as Default Sorting', async () => {
    const fetchMock = mockShopApi();
    renderShop('/shop/nyota?sort=cheapest');
    await screen.findByRole('heading', { level: 1, name: 'Nyota Products' });
    expect(sortSelect().value).toBe('default');
    expect(filterCalls(fetchMock)).toEqual(['/site/products/filter/nyota']);
  });

  it('the grid/list toggle switches how the cards are laid out', async () => {
    mockShopApi();
    renderShop('/shop/mlima-gold');
    await screen.findAllByTestId('product-card');
    const layout = screen.getByRole('group', { name: 'Layout' });
    const grid = within(layout).getByRole('button', { name: 'Grid' });
    const list = within(layout).getByRole('button', { name: 'List' });
    expect(grid.getAttribute('aria-pressed')).toBe('true');
    expect(list.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getAllByTestId('product-card').every((card) => !card.className.includes('cardList'))).toBe(true);

    fireEvent.click(list);
    expect(list.getAttribute('aria-pressed')).toBe('true');
    expect(grid.getAttribute('aria-pressed')).toBe('false');
    const cards = screen.getAllByTestId('product-card');
    expect(cards).toHaveLength(mlima().length);
    expect(cards.every((card) => card.className.includes('cardList'))).toBe(true);
    expect(cards[0]!.parentElement?.className).toBe('list');

    fireEvent.click(grid);
    expect(screen.getAllByTestId('product-card').every((card) => !card.className.includes('cardList'))).toBe(true);
    expect(screen.getAllByTestId('product-card')[0]!.parentElement?.className).toBe('grid');
  });

  it('the grid or list chosen is kept: a later visit (a reload) opens with it', async () => {
    localStorage.clear();
    mockShopApi();
    const first = renderShop('/shop/mlima-gold');
    await screen.findAllByTestId('product-card');
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(localStorage.getItem(STORAGE_KEYS.productLayout)).toBe('"list"');
    first.unmount();

    renderShop('/shop/mlima-gold');
    await screen.findAllByTestId('product-card');
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByTestId('product-card').every((card) => card.className.includes('cardList'))).toBe(true);
    localStorage.clear();
  });

  it('a stored value that is neither grid nor list opens the grid', async () => {
    localStorage.setItem(STORAGE_KEYS.productLayout, '"tiles"');
    mockShopApi();
    renderShop('/shop/mlima-gold');
    await screen.findAllByTestId('product-card');
    expect(screen.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');
    localStorage.clear();
  });

  it("an unknown brand (404) shows 'NotFound'", async () => {
    mockShopApi();
    renderShop('/shop/no-such-brand');
    expect(await screen.findByRole('heading', { name: 'NotFound' })).toBeTruthy();
    expect(screen.getByText('We could not find that brand or product type.')).toBeTruthy();
    expect(screen.queryByTestId('product-card')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Sort products' })).toBeNull();
  });

  it("an empty result shows 'No products found' and a way to all products", async () => {
    mockShopApi(() => ({ products: [], brand: BRANDS[4] }));
    renderShop('/shop/shamba-bora/rice');
    expect(await screen.findByText('No products found')).toBeTruthy();
    expect(screen.getByText('Showing 0 results')).toBeTruthy();
    expect(screen.queryByTestId('product-card')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'See all products' }));
    expect(currentUrl()).toBe('/shop/all');
  });

  it("a 503 shows 'We could not load the products just now.' and Try again asks again", async () => {
    let calls = 0;
    const fetchMock = mockShopApi((request) => {
      calls += 1;
      return calls === 1 ? respond(503, { message: 'Service unavailable' }) : answerFilter(request);
    });
    renderShop('/shop/mlima-gold');
    expect(await screen.findByText('We could not load the products just now.')).toBeTruthy();
    expect(screen.queryByTestId('product-card')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'NotFound' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(`Showing 1-${mlima().length} of ${mlima().length} results`)).toBeTruthy();
    expect(screen.getAllByTestId('product-card')).toHaveLength(mlima().length);
    expect(screen.queryByText('We could not load the products just now.')).toBeNull();
    expect(filterCalls(fetchMock)).toEqual(['/site/products/filter/mlima-gold', '/site/products/filter/mlima-gold']);
  });

  it('Quick View on a shop card shows name, price, net weight and a link to the product page', async () => {
    mockShopApi();
    renderShop('/shop/nyota');
    await screen.findAllByTestId('product-card');
    const oil = PRODUCTS.find((product) => product.slug === 'nyota-sunflower-oil-3l')!;
    fireEvent.click(screen.getByRole('button', { name: `Quick View ${oil.name}` }));
    const dialog = screen.getByRole('dialog', { name: oil.name });
    // The dimmed backdrop is drawn at the body's end, not inside the card, so no ancestor of the
    // card (content-visibility, a transform) can hold it to its own box on a phone.
    const backdrop = dialog.parentElement!;
    expect(backdrop.className).toBe('overlay');
    expect(backdrop.parentElement).toBe(document.body);
    expect(screen.getAllByTestId('product-card').some((card) => card.contains(dialog))).toBe(false);
    expect(within(dialog).getByText('KSh 955.00')).toBeTruthy();
    expect(within(dialog).getByText(`Net weight: ${oil.unit}`)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'View product details' }).getAttribute('href')).toBe('/product/nyota-sunflower-oil-3l');
    fireEvent.click(within(dialog).getByRole('link', { name: 'View product details' }));
    expect(currentUrl()).toBe('/product/nyota-sunflower-oil-3l');
    expect(screen.getByRole('heading', { name: 'Product page' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
