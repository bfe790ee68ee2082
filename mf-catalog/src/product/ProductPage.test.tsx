import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { mockApi, renderWithStore, resetShopState, respond } from '@shop/store-kit/testing';
import { PRODUCTS, productBySlug } from '../testFixtures';
import ProductPage from './ProductPage';

function mockProductApi(): jest.SpyInstance {
  return mockApi({
    'GET /site/products/view/(.+)': (_request, match) =>
      PRODUCTS.find((product) => product.slug === match[1]) ?? respond(404, { message: 'Product not found' }),
  });
}

function renderProduct(slug: string) {
  return renderWithStore(
    <MemoryRouter initialEntries={[`/product/${slug}`]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/product/:slug" element={<ProductPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const FLOUR = 'Mlima Gold Sifted Maize Meal 2kg';
const meta = (selector: string): string | null | undefined => document.head.querySelector(selector)?.getAttribute('content');

afterEach(() => resetShopState());

describe('ProductPage', () => {
  it('shows name, offer price, struck regular price, offer badge, unit and short description', async () => {
    mockProductApi();
    renderProduct('mlima-gold-sifted-maize-meal-2kg');
    expect(await screen.findByRole('heading', { level: 1, name: FLOUR })).toBeTruthy();
    expect(screen.getByText('KSh 165.00')).toBeTruthy();
    const regular = screen.getByText('KSh 179.50');
    expect(regular.tagName).toBe('DEL');
    expect(screen.getByText('-8.08%')).toBeTruthy();
    expect(screen.getByText('2 kg · Packet')).toBeTruthy();
    expect(screen.getByRole('img', { name: FLOUR }).getAttribute('src')).toBe('/media/products/mlima-gold-sifted-maize-meal-2kg.svg');
    // The short description is rich text: its bold part stays bold.
    expect(screen.getByText(/^Our best-selling sifted maize meal: fine, white and lump-free/)).toBeTruthy();
    expect(screen.getByText('The family 2 kg packet.').tagName).toBe('STRONG');
    expect(screen.getByText('Free delivery countrywide in 24 to 48 hours. Up to 10 per order.')).toBeTruthy();
  });

  it("has the full description under 'Product Description'", async () => {
    mockProductApi();
    renderProduct('mlima-gold-sifted-maize-meal-2kg');
    const section = await screen.findByRole('region', { name: 'Product Description' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Product Description' })).toBeTruthy();
    expect(within(section).getByText(/^This is the packet most Kenyan kitchens know us for\./)).toBeTruthy();
    const facts = within(section).getAllByRole('listitem');
    expect(facts).toHaveLength(5);
    expect(facts[0]!.textContent).toBe('Pack: 2 kg paper packet with a tear strip');
  });

  it('a product without an offer shows one price and no badge', async () => {
    mockProductApi();
    renderProduct('nyota-sunflower-oil-3l');
    await screen.findByRole('heading', { level: 1, name: 'Nyota Sunflower Oil 3L' });
    expect(screen.getByText('KSh 955.00')).toBeTruthy();
    expect(document.querySelector('del')).toBeNull();
    expect(screen.queryByText(/^-\d+\.\d\d%$/)).toBeNull();
  });

  it('Add to Cart turns into the stepper with the toast; plus adds one', async () => {
    mockProductApi();
    const { store } = renderProduct('mlima-gold-sifted-maize-meal-2kg');
    fireEvent.click(await screen.findByRole('button', { name: `Add to Cart: ${FLOUR}` }));
    expect(await screen.findByText(`${FLOUR} added to cart`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Add to Cart: ${FLOUR}` })).toBeNull();
    const quantity = screen.getByRole('spinbutton', { name: `Quantity of ${FLOUR}` }) as HTMLInputElement;
    expect(quantity.value).toBe('1');
    expect(quantity.max).toBe('10');
    fireEvent.click(screen.getByRole('button', { name: `Add one more ${FLOUR}` }));
    expect((screen.getByRole('spinbutton', { name: `Quantity of ${FLOUR}` }) as HTMLInputElement).value).toBe('2');
    // The cart line keeps what the cart needs, priced at the offer price.
    expect(store.getState().cart.items).toEqual([
      expect.objectContaining({ slug: 'mlima-gold-sifted-maize-meal-2kg', quantity: 2, price: 179.5, product_total: 330 }),
    ]);
  });

  it('shows the stepper straight away when the product is already in the cart', async () => {
    const flour = productBySlug('mlima-gold-sifted-maize-meal-2kg');
    localStorage.setItem('cart', JSON.stringify([{ ...flour, quantity: 3, product_total: 495 }]));
    mockProductApi();
    renderProduct(flour.slug);
    expect(((await screen.findByRole('spinbutton', { name: `Quantity of ${FLOUR}` })) as HTMLInputElement).value).toBe('3');
    expect(screen.queryByRole('button', { name: `Add to Cart: ${FLOUR}` })).toBeNull();
  });

  it("sets the page title to '{product name} | Shwari Shop' and the sharing meta", async () => {
    mockProductApi();
    renderProduct('mlima-gold-sifted-maize-meal-2kg');
    await screen.findByRole('heading', { level: 1, name: FLOUR });
    expect(document.title).toBe(`${FLOUR} | Shwari Shop`);
    expect(meta('meta[property="og:title"]')).toBe(`${FLOUR} | Shwari Shop`);
    expect(meta('meta[name="description"]')).toBe(
      'Our best-selling sifted maize meal: fine, white and lump-free, for soft ugali every evening. The family 2 kg packet.',
    );
    expect(meta('meta[property="og:image"]')).toBe('http://localhost/media/products/mlima-gold-sifted-maize-meal-2kg.svg');
  });

  it('the breadcrumb leads to the brand and the product type', async () => {
    mockProductApi();
    renderProduct('pwani-bora-chapati-flour-2kg');
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(breadcrumb).getByRole('link', { name: 'Pwani Bora' }).getAttribute('href')).toBe('/shop/pwani-bora');
    expect(within(breadcrumb).getByRole('link', { name: 'Chapati & Baking Flour' }).getAttribute('href')).toBe(
      '/shop/pwani-bora/baking-flour',
    );
  });

  it("an unknown product (404) shows 'NotFound'", async () => {
    mockProductApi();
    renderProduct('no-such-product');
    expect(await screen.findByRole('heading', { name: 'NotFound' })).toBeTruthy();
    expect(screen.getByText('We could not find that product. It may no longer be sold.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Add to Cart: / })).toBeNull();
    // The tab says the product was not found ("Product | Shwari Shop" said nothing).
    expect(document.title).toBe('Product not found | Shwari Shop');
  });

  it('a failed load offers Try again, which loads the product', async () => {
    let calls = 0;
    mockApi({
      'GET /site/products/view/(.+)': (_request, match) => {
        calls += 1;
        return calls === 1 ? respond(500, { message: 'boom' }) : productBySlug(match[1]!);
      },
    });
    renderProduct('nyota-pishori-rice-1kg');
    expect(await screen.findByText('We could not load this product just now.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'NotFound' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nyota Pishori Rice 1kg' })).toBeTruthy();
    expect(calls).toBe(2);
  });
});
