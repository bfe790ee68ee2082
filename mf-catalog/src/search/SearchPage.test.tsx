import { configure, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { mockApi, renderWithStore, resetShopState, respond } from '@shop/store-kit/testing';
import { PRODUCTS, cardNames } from '../testFixtures';
import SearchPage from './SearchPage';

// Screens wait for real (mocked) fetches; allow for a busy CI machine.
configure({ asyncUtilTimeout: 3000 });

/** The search call as the service answers it: products whose name contains the words. */
function mockSearchApi(): { fetchMock: jest.SpyInstance; bodies: unknown[] } {
  const bodies: unknown[] = [];
  const fetchMock = mockApi({
    'POST /site/products/search': async (request) => {
      const body = (await request.json()) as { search: string };
      bodies.push(body);
      return PRODUCTS.filter((product) => product.name.toLowerCase().includes(body.search.toLowerCase()));
    },
  });
  return { fetchMock, bodies };
}

function CurrentUrl(): JSX.Element {
  const location = useLocation();
  return <output data-testid="url">{`${location.pathname}${location.search}`}</output>;
}

function renderSearch(path: string) {
  return renderWithStore(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/search" element={<SearchPage />} />
      </Routes>
      <CurrentUrl />
    </MemoryRouter>,
  );
}

const maizeProducts = () => PRODUCTS.filter((product) => product.name.toLowerCase().includes('maize'));

afterEach(() => resetShopState());

describe('SearchPage', () => {
  it("/search?q=maize posts {search: 'maize'} and shows the count and the cards", async () => {
    const { bodies } = mockSearchApi();
    renderSearch('/search?q=maize');
    const expected = maizeProducts();
    expect(expected.length).toBeGreaterThan(1);
    expect(await screen.findByText(`${expected.length} products found`)).toBeTruthy();
    expect(bodies).toEqual([{ search: 'maize' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Search results for “maize”' })).toBeTruthy();
    expect(screen.getAllByTestId('product-card')).toHaveLength(expected.length);
    expect(cardNames(document.body)).toEqual(expected.map((product) => product.name));
    expect((screen.getByRole('searchbox', { name: 'Search products' }) as HTMLInputElement).value).toBe('maize');
    expect(document.title).toBe('Search: maize | Shwari Shop');
  });

  it("one result reads '1 product found'", async () => {
    mockSearchApi();
    renderSearch('/search?q=basmati');
    expect(await screen.findByText('1 product found')).toBeTruthy();
    expect(cardNames(document.body)).toEqual(['Nyota Basmati Rice 1kg']);
  });

  it('no match shows “No products match …” with a link to all products', async () => {
    mockSearchApi();
    renderSearch('/search?q=pizza');
    expect(await screen.findByText('No products match “pizza”')).toBeTruthy();
    expect(screen.queryByTestId('product-card')).toBeNull();
    expect(screen.getByRole('link', { name: 'Browse all products' }).getAttribute('href')).toBe('/shop/all');
  });

  it('trims the words before searching', async () => {
    const { bodies } = mockSearchApi();
    renderSearch('/search?q=%20%20maize%20');
    await screen.findByText(`${maizeProducts().length} products found`);
    expect(bodies).toEqual([{ search: 'maize' }]);
  });

  it('without words it asks what to look for and calls nothing', () => {
    const { fetchMock } = mockSearchApi();
    renderSearch('/search');
    expect(screen.getByText('What are you looking for?')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Search' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('searching again from the page puts the words in the address and shows the new results', async () => {
    const { bodies } = mockSearchApi();
    renderSearch('/search?q=maize');
    await screen.findByText(`${maizeProducts().length} products found`);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: ' pishori ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('2 products found')).toBeTruthy();
    expect(screen.getByTestId('url').textContent).toBe('/search?q=pishori');
    expect(cardNames(document.body)).toEqual(['Nyota Pishori Rice 1kg', 'Nyota Pishori Rice 5kg']);
    expect(bodies).toEqual([{ search: 'maize' }, { search: 'pishori' }]);
  });

  it('a failed search says so', async () => {
    mockApi({ 'POST /site/products/search': () => respond(500, { message: 'boom' }) });
    renderSearch('/search?q=maize');
    expect(await screen.findByText('We could not search just now. Please try again.')).toBeTruthy();
  });
});
