import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import type { Product } from '@shop/api-types';
import { mockApi, renderWithStore, resetShopState } from '@shop/store-kit/testing';
import { BRANDS, FAVORITES, FEATURED, TOP_PRODUCTS, cardNames, productBySlug } from '../testFixtures';
import HomePage from './HomePage';

const ORIGINAL_WIDTH = window.innerWidth;

function setWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

function mockHomeApi(featured: Product[] = FEATURED): jest.SpyInstance {
  return mockApi({
    'GET /site/brands': () => BRANDS,
    'GET /site/products/featured': () => featured,
    'GET /site/products/sort_filter\\?sort=popular': () => TOP_PRODUCTS,
    'GET /site/products/favorites': () => FAVORITES,
  });
}

function ProductRoute(): JSX.Element {
  const { slug } = useParams();
  return <h1>Product page {slug}</h1>;
}

function renderHome() {
  return renderWithStore(
    <MemoryRouter initialEntries={['/']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/product/:slug" element={<ProductRoute />} />
      </Routes>
    </MemoryRouter>,
  );
}

const section = (name: string): HTMLElement => screen.getByRole('region', { name });
const findSection = (name: string): Promise<HTMLElement> => screen.findByRole('region', { name });

/** Waits for a carousel's cards and returns the names shown, in order. */
async function carouselNames(name: string): Promise<string[]> {
  const region = await findSection(name);
  await within(region).findAllByTestId('product-card');
  return cardNames(region);
}

const originalConsoleError = console.error;

beforeEach(() => {
  setWidth(1280);
  // In tests every image import is the same stub string, so the banners' keys (their image URLs)
  // collide; in the build each banner has its own URL. Only that warning is dropped.
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (
      typeof args[0] === 'string' &&
      args[0].includes('Encountered two children with the same key') &&
      String(args[1]).includes('test-file-stub')
    )
      return;
    originalConsoleError(...args);
  });
});
afterEach(() => {
  resetShopState();
  setWidth(ORIGINAL_WIDTH);
});

describe('HomePage', () => {
  it("shows 'Filter by Brand' with 'All' to /shop/all and one link per brand to /shop/{slug}", async () => {
    mockHomeApi();
    renderHome();
    const row = section('Filter by Brand');
    expect(within(row).getByRole('link', { name: 'All' }).getAttribute('href')).toBe('/shop/all');
    await within(row).findByRole('link', { name: 'Mlima Gold' });
    const links = within(row).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['All', 'Mlima Gold', 'Pwani Bora', 'Nyota', 'Afya Bora', 'Shamba Bora']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/shop/all',
      '/shop/mlima-gold',
      '/shop/pwani-bora',
      '/shop/nyota',
      '/shop/afya-bora',
      '/shop/shamba-bora',
    ]);
  });

  it("shows the 'Best Selling Products' from /site/products/featured as cards with name, unit, price and offer badge", async () => {
    const fetchMock = mockHomeApi();
    renderHome();
    const bestSellers = section('Best Selling Products');
    const cards = await within(bestSellers).findAllByTestId('product-card');
    expect(cards).toHaveLength(FEATURED.length);
    expect(cardNames(bestSellers)).toEqual(FEATURED.map((product) => product.name));
    expect(
      fetchMock.mock.calls.some(([input]) => String(input instanceof Request ? input.url : input).endsWith('/api/site/products/featured')),
    ).toBe(true);

    // Mlima Gold Sifted 2kg: KSh 179.50, on offer at KSh 165.00, a discount of 8.08% (two decimals).
    const flour = cards[0]!;
    expect(within(flour).getByRole('link', { name: 'Mlima Gold Sifted Maize Meal 2kg' }).getAttribute('href')).toBe(
      '/product/mlima-gold-sifted-maize-meal-2kg',
    );
    expect(within(flour).getByText('2 kg')).toBeTruthy();
    expect(within(flour).getByText('KSh 165.00')).toBeTruthy();
    expect(within(flour).getByText('KSh 179.50').tagName).toBe('DEL');
    expect(within(flour).getByText('-8.08%')).toBeTruthy();
    expect(within(flour).getByRole('button', { name: 'Add to Cart: Mlima Gold Sifted Maize Meal 2kg' })).toBeTruthy();
    expect(within(flour).getByRole('button', { name: 'Add Mlima Gold Sifted Maize Meal 2kg to wishlist' })).toBeTruthy();

    // The bale: 1,980.00 down to 1,850.00 is 6.5656…% → '6.57%'. The oil has no offer: one price, no badge.
    const bale = cards[1]!;
    expect(within(bale).getByText('-6.57%')).toBeTruthy();
    expect(within(bale).getByText('KSh 1,850.00')).toBeTruthy();
    const oil = cards[FEATURED.findIndex((product) => product.slug === 'nyota-sunflower-oil-3l')]!;
    expect(within(oil).getByText('KSh 955.00')).toBeTruthy();
    expect(within(oil).queryByText(/^-\d+\.\d\d%$/)).toBeNull();
    expect(oil.querySelector('del')).toBeNull();
  });

  it('Add to Cart on a card turns into the stepper with the added toast', async () => {
    mockHomeApi();
    renderHome();
    const bestSellers = section('Best Selling Products');
    const [card] = await within(bestSellers).findAllByTestId('product-card');
    fireEvent.click(within(card!).getByRole('button', { name: 'Add to Cart: Mlima Gold Sifted Maize Meal 2kg' }));
    expect(await screen.findByText('Mlima Gold Sifted Maize Meal 2kg added to cart')).toBeTruthy();
    expect(
      (within(card!).getByRole('spinbutton', { name: 'Quantity of Mlima Gold Sifted Maize Meal 2kg' }) as HTMLInputElement).value,
    ).toBe('1');
  });

  it('the wishlist heart on a card toggles with the spec toasts', async () => {
    mockHomeApi();
    const { store } = renderHome();
    const [card] = await within(section('Best Selling Products')).findAllByTestId('product-card');
    fireEvent.click(within(card!).getByRole('button', { name: 'Add Mlima Gold Sifted Maize Meal 2kg to wishlist' }));
    expect(await screen.findByText('Mlima Gold Sifted Maize Meal 2kg added to wishlist')).toBeTruthy();
    const heart = within(card!).getByRole('button', { name: 'Remove Mlima Gold Sifted Maize Meal 2kg from wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(store.getState().wishlist.items.map((item) => item.slug)).toEqual(['mlima-gold-sifted-maize-meal-2kg']);
    fireEvent.click(heart);
    expect(await screen.findByText('Mlima Gold Sifted Maize Meal 2kg removed from wishlist')).toBeTruthy();
    expect(
      within(card!).getByRole('button', { name: 'Add Mlima Gold Sifted Maize Meal 2kg to wishlist' }).getAttribute('aria-pressed'),
    ).toBe('false');
  });

  it('Quick View on a best seller opens a modal with price, net weight, the description cut to 50 words and a link to the product; Escape closes it', async () => {
    const base = productBySlug('mlima-gold-sifted-maize-meal-2kg');
    // A long short description, so the 50-word cut shows.
    const sixtyWords = Array.from({ length: 60 }, (_, index) => `word${index + 1}`).join(' ');
    const product: Product = { ...base, short_description: `<p><strong>Best seller.</strong> ${sixtyWords}</p>` };
    mockHomeApi([product, ...FEATURED.slice(1)]);
    renderHome();
    const bestSellers = section('Best Selling Products');
    await within(bestSellers).findAllByTestId('product-card');
    const quickView = within(bestSellers).getByRole('button', { name: `Quick View ${product.name}` });
    quickView.focus(); // a real click focuses the button
    fireEvent.click(quickView);

    const dialog = screen.getByRole('dialog', { name: product.name });
    expect(within(dialog).getByText('KSh 165.00')).toBeTruthy();
    expect(within(dialog).getByText('KSh 179.50').tagName).toBe('DEL');
    expect(within(dialog).getByText('Net weight: 2 kg')).toBeTruthy();
    // 'Best seller.' is 2 words, then word1…word48: 50 words in all, then the ellipsis.
    const description = within(dialog).getByText(/^Best seller\. word1 /);
    expect(description.textContent).toBe(`Best seller. ${Array.from({ length: 48 }, (_, index) => `word${index + 1}`).join(' ')}…`);
    expect(description.textContent).not.toContain('word49');
    expect(description.innerHTML).not.toContain('<strong>');
    expect(within(dialog).getByRole('link', { name: 'View product details' }).getAttribute('href')).toBe(
      '/product/mlima-gold-sifted-maize-meal-2kg',
    );
    expect(within(dialog).getByRole('button', { name: `Add to Cart: ${product.name}` })).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close quick view' }));

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(quickView);
  });

  it('the Quick View modal closes with its close button and a click on the backdrop, but not a click inside', async () => {
    mockHomeApi();
    renderHome();
    const bestSellers = section('Best Selling Products');
    await within(bestSellers).findAllByTestId('product-card');
    const name = FEATURED[2]!.name;
    fireEvent.click(within(bestSellers).getByRole('button', { name: `Quick View ${name}` }));
    fireEvent.click(within(screen.getByRole('dialog', { name })).getByText('Net weight: 2 kg'));
    expect(screen.getByRole('dialog', { name })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close quick view' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(within(bestSellers).getByRole('button', { name: `Quick View ${name}` }));
    fireEvent.click(screen.getByRole('dialog', { name }).parentElement!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows 4 cards in Top Products and Favorites at 1280 px; their Quick View is a link to the product page', async () => {
    mockHomeApi();
    renderHome();
    expect(await carouselNames('Top Products')).toEqual(TOP_PRODUCTS.slice(0, 4).map((product) => product.name));
    expect(await carouselNames('Favorites')).toEqual(FAVORITES.slice(0, 4).map((product) => product.name));
    const top = section('Top Products');
    const first = TOP_PRODUCTS[0]!;
    const quickView = within(top).getByRole('link', { name: `Quick View ${first.name}` });
    expect(quickView.getAttribute('href')).toBe(`/product/${first.slug}`);
    fireEvent.click(within(top).getByRole('link', { name: `Quick View ${TOP_PRODUCTS[1]!.name}` }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: `Product page ${TOP_PRODUCTS[1]!.slug}` })).toBeTruthy();
  });

  it.each([
    [1000, 3],
    [1199, 3],
    [768, 3],
    [767, 2],
    [500, 2],
    [1200, 4],
  ])('at window width %i the carousels show %i cards', async (width, count) => {
    setWidth(width);
    mockHomeApi();
    renderHome();
    expect(await carouselNames('Top Products')).toHaveLength(count);
    expect(await carouselNames('Favorites')).toHaveLength(count);
    // Best sellers are a grid, not a carousel: all of them whatever the width.
    expect(await within(section('Best Selling Products')).findAllByTestId('product-card')).toHaveLength(FEATURED.length);
  });

  it('follows a window resize', async () => {
    mockHomeApi();
    renderHome();
    expect(await carouselNames('Top Products')).toHaveLength(4);
    setWidth(500);
    fireEvent(window, new Event('resize'));
    expect(cardNames(section('Top Products'))).toHaveLength(2);
    expect(cardNames(section('Favorites'))).toHaveLength(2);
  });

  it('Top Products wraps around: Next past the last card shows the first again, Previous at the start shows the last', async () => {
    mockHomeApi();
    renderHome();
    const twelve = TOP_PRODUCTS.slice(0, 12).map((product) => product.name);
    expect(await carouselNames('Top Products')).toEqual(twelve.slice(0, 4));
    const top = section('Top Products');
    const next = within(top).getByRole('button', { name: 'Next Top Products' });
    const previous = within(top).getByRole('button', { name: 'Previous Top Products' });
    expect((previous as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(next);
    expect(cardNames(top)).toEqual(twelve.slice(1, 5));
    for (let step = 2; step <= 9; step += 1) fireEvent.click(next);
    // Start at the 10th of 12: the 10th, 11th, 12th, then the 1st again.
    expect(cardNames(top)).toEqual([twelve[9], twelve[10], twelve[11], twelve[0]]);
    expect((next as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(next);
    fireEvent.click(next);
    fireEvent.click(next);
    expect(cardNames(top)).toEqual(twelve.slice(0, 4));

    fireEvent.click(previous);
    expect(cardNames(top)).toEqual([twelve[11], twelve[0], twelve[1], twelve[2]]);
  });

  it('Favorites does not wrap: Previous is disabled at the start, Next stops at the last card', async () => {
    mockHomeApi();
    renderHome();
    const names = FAVORITES.map((product) => product.name);
    expect(names).toHaveLength(9);
    expect(await carouselNames('Favorites')).toEqual(names.slice(0, 4));
    const favorites = section('Favorites');
    const next = within(favorites).getByRole('button', { name: 'Next Favorites' }) as HTMLButtonElement;
    const previous = within(favorites).getByRole('button', { name: 'Previous Favorites' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);

    for (let step = 1; step <= 5; step += 1) fireEvent.click(next);
    expect(cardNames(favorites)).toEqual(names.slice(5, 9));
    expect(next.disabled).toBe(true);
    fireEvent.click(next);
    expect(cardNames(favorites)).toEqual(names.slice(5, 9));

    expect(previous.disabled).toBe(false);
    fireEvent.click(previous);
    expect(cardNames(favorites)).toEqual(names.slice(4, 8));
  });

  it('a carousel with no more products than fit has no arrows', async () => {
    mockApi({
      'GET /site/brands': () => BRANDS,
      'GET /site/products/featured': () => FEATURED,
      'GET /site/products/sort_filter\\?sort=popular': () => TOP_PRODUCTS,
      'GET /site/products/favorites': () => FAVORITES.slice(0, 3),
    });
    renderHome();
    expect(await carouselNames('Favorites')).toHaveLength(3);
    expect(within(section('Favorites')).queryByRole('button', { name: /Favorites$/ })).toBeNull();
  });

  it("shows the partners section 'United in Excellence, Driven by Innovation' with the group's four companies", () => {
    mockHomeApi();
    renderHome();
    const partners = section('United in Excellence, Driven by Innovation');
    const items = within(partners).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    for (const company of ['Mlima Millers Ltd', 'Pwani Grain Mills Ltd', 'Nyota Agro Industries Ltd', 'Shamba Feeds Kenya Ltd']) {
      expect(within(partners).getByRole('img', { name: company })).toBeTruthy();
    }
  });

  it('shows the two rotating banners, linking to the shop', () => {
    mockHomeApi();
    renderHome();
    const carousel = screen.getByRole('region', { name: 'Offers' });
    expect(within(carousel).getAllByRole('button', { name: /^Show banner \d$/ })).toHaveLength(2);
    const current = within(carousel).getByRole('link', { name: /^1 of 2: / });
    expect(current.getAttribute('href')).toBe('/shop/all');
    fireEvent.click(within(carousel).getByRole('button', { name: 'Show banner 2' }));
    expect(
      within(carousel)
        .getByRole('link', { name: /^2 of 2: Earn Shwari Points/ })
        .getAttribute('aria-hidden'),
    ).toBe('false');
  });

  it('says so when the best sellers cannot be loaded, and still shows the rest of the page', async () => {
    mockApi({
      'GET /site/brands': () => BRANDS,
      'GET /site/products/featured': () => ({ status: 500, body: { message: 'boom' } }),
      'GET /site/products/sort_filter\\?sort=popular': () => TOP_PRODUCTS,
      'GET /site/products/favorites': () => FAVORITES,
    });
    renderHome();
    expect(await screen.findByText('We could not load the best sellers just now.')).toBeTruthy();
    expect(await carouselNames('Top Products')).toHaveLength(4);
  });
});
