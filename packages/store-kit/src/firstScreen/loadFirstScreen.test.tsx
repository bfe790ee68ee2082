import { Provider } from 'react-redux';
import { render, screen } from '@testing-library/react';
import { FIRST_SCREEN_STATE_ID, type Product } from '@shop/api-types';
import { api } from '../api';
import { createShopStore } from '../store';
import { mockApi, resetShopState } from '../testing';
import { loadFirstScreenQueries, readFirstScreenState } from './loadFirstScreen';

// As a remote injects its calls.
const productApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDrawnProduct: build.query<{ name: string }, string>({ query: (slug) => `site/products/view/${slug}` }),
  }),
});

function ProductName({ slug }: { slug: string }): JSX.Element {
  const { data } = productApi.useGetDrawnProductQuery(slug);
  return <h1>{data ? data.name : 'Loading…'}</h1>;
}

/** The product as the catalog answers it (the fixture is checked against the published contract). */
const drawnProduct: Product = {
  id: 1,
  name: 'Mlima Gold Unga 2kg',
  slug: 'unga-2kg',
  image: '/media/products/maize.svg',
  unit: '2 kg',
  price: 180,
  description: '',
  short_description: '',
  offer: null,
  limit: { minimum_quantity: 1, maximum_quantity: 5 },
  brand: { id: 1, name: 'Mlima Gold', slug: 'mlima-gold' },
  category: { id: 1, name: 'Flour', slug: 'flour' },
  sku: { id: 1, name: '2 kg' },
  created_at: '2025-01-01T00:00:00.000Z',
};

afterEach(() => {
  resetShopState();
  document.body.innerHTML = '';
});

describe('a page the gateway drew', () => {
  it('reads the drawn page state, and ignores a missing or broken one', () => {
    expect(readFirstScreenState()).toBeNull();
    document.body.innerHTML = `<script id="${FIRST_SCREEN_STATE_ID}" type="application/json">{"remote":"mf_catalog","module":"ProductPage","queries":[]}</script>`;
    expect(readFirstScreenState()).toEqual({ remote: 'mf_catalog', module: 'ProductPage', queries: [] });
    document.body.innerHTML = `<script id="${FIRST_SCREEN_STATE_ID}" type="application/json">{not json</script>`;
    expect(readFirstScreenState()).toBeNull();
  });

  it("makes the drawn page's calls before the first render, which then shows their answers at once", async () => {
    const fetchMock = mockApi({ 'GET /site/products/view/unga-2kg': () => drawnProduct });
    const store = createShopStore();
    await loadFirstScreenQueries(store, [
      { endpointName: 'getDrawnProduct', originalArgs: 'unga-2kg' },
      // A call this version of the shop does not know is skipped.
      { endpointName: 'noSuchCall', originalArgs: undefined },
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    render(
      <Provider store={store}>
        <ProductName slug="unga-2kg" />
      </Provider>,
    );
    // Already there in the first render: no loading state between the drawn copy and the page.
    expect(screen.getByRole('heading').textContent).toBe('Mlima Gold Unga 2kg');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
