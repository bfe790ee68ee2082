import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { mockApi, renderWithStore, resetShopState, respond } from '@shop/store-kit/testing';
import { PRODUCTS, cardNames } from '../testFixtures';
import type { SearchAnswer } from '@shop/api-types';
import SearchPage from './SearchPage';

/** The search call as the service answers it: products whose name contains the words. */
function mockSearchApi(notice: SearchAnswer['notice'] = null): { fetchMock: jest.SpyInstance; bodies: unknown[] } {
  const bodies: unknown[] = [];
  const fetchMock = mockApi({
    'GET /site/search\\?q=(.*)': (_request, match) => {
      const search = decodeURIComponent(match[1]!);
      bodies.push({ search });
      const products = PRODUCTS.filter((product) => product.name.toLowerCase().includes(search.toLowerCase()));
      const answer: SearchAnswer = { query: search, products, notice, complete: notice === null };
      return answer;
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
  it("/search?q=maize asks the search for 'maize' and shows the count and the cards", async () => {
    const { bodies } = mockSearchApi();
    renderSearch('/search?q=maize');
    const expected = maizeProducts();
    expect(expected.length).toBeGreaterThan(1);
    expect(await screen.findByText(`${expected.length} products found`)).toBeTruthy();
    expect(bodies).toEqual([{ search: 'maize' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Search results for “maize”' })).toBeTruthy();
    expect(screen.getAllByTestId('product-card')).toHaveLength(expected.length);
    expect(cardNames(document.body)).toEqual(expected.map((product) => product.name));
    // One search box: the header's (issue 24); the page has none of its own.
    expect(screen.queryByRole('searchbox')).toBeNull();
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

  it('says plainly when a size was not found and what is shown instead', async () => {
    mockSearchApi({ en: 'No basmati in 2 kg; here it is in 1 kg.', sw: 'Hakuna basmati ya kilo 2; hii hapa ya kilo 1.' });
    // (The stand-in search matches whole names, so the words here are the product's alone.)
    renderSearch('/search?q=basmati');
    expect(await screen.findByText('No basmati in 2 kg; here it is in 1 kg.')).toBeTruthy();
    expect(cardNames(document.body)).toEqual(['Nyota Basmati Rice 1kg']);
  });

  it('a failed search says so', async () => {
    mockApi({ 'GET /site/search\\?q=(.*)': () => respond(500, { message: 'boom' }) });
    renderSearch('/search?q=maize');
    expect(await screen.findByText('We could not search just now. Please try again.')).toBeTruthy();
  });
});
