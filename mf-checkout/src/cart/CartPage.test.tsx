import { act, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { cartDrawerToggled } from '@shop/store-kit';
import { renderWithStore, resetShopState } from '@shop/store-kit/testing';
import CartPage from './CartPage';
import { currentPath, findToast, FULL_CART, line, MAIZE, OIL, renderShop, RICE, SMALL_CART, storeCart } from '../testFixtures';

afterEach(() => resetShopState());

const lines = () => screen.queryAllByTestId('cart-line');
const lineOf = (name: string) => lines().find((item) => within(item).queryByRole('link', { name })) as HTMLElement;
const totals = () => screen.getByRole('complementary', { name: 'Cart Totals' });
const proceed = () => within(totals()).getByRole('button', { name: 'Proceed to Checkout' }) as HTMLButtonElement;

/** The Cart Totals as a shopper reads them: { Subtotal: ..., Shipping: ..., Total: ... }. */
function totalsRows(): Record<string, string> {
  const rows: Record<string, string> = {};
  for (const term of Array.from(totals().querySelectorAll('dt'))) rows[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
  return rows;
}

describe('CartPage', () => {
  it('lists each line with image, name, unit as SKU, price with offer, quantity and line total', () => {
    storeCart([line(MAIZE, 2), line(RICE, 1)]);
    renderShop('/cart');
    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toBeTruthy();
    expect(lines()).toHaveLength(2);
    const maize = lineOf('Mlima Gold Sifted Maize Meal 2kg');
    expect(within(maize).getByRole('link', { name: 'Mlima Gold Sifted Maize Meal 2kg' }).getAttribute('href')).toBe(
      '/product/mlima-gold-sifted-maize-meal-2kg',
    );
    expect(maize.querySelector('img')?.getAttribute('src')).toBe('/media/products/mlima-gold-sifted-maize-meal-2kg.svg');
    expect(within(maize).getByText('SKU: 2 kg')).toBeTruthy();
    // Offer price, and the regular price struck through.
    expect(within(maize).getByText('KSh 165.00')).toBeTruthy();
    expect(within(maize).getByText('KSh 179.50').tagName).toBe('DEL');
    expect(
      (within(maize).getByRole('spinbutton', { name: 'Quantity of Mlima Gold Sifted Maize Meal 2kg' }) as HTMLInputElement).value,
    ).toBe('2');
    expect(within(maize).getByTestId('line-total').textContent).toBe('KSh 330.00');
    const rice = lineOf('Nyota Basmati Rice 1kg');
    expect(within(rice).getByText('SKU: 1 kg')).toBeTruthy();
    expect(within(rice).getByTestId('line-total').textContent).toBe('KSh 269.50');
  });

  it("Cart Totals shows the subtotal, 'Free shipping countrywide' and the total", () => {
    storeCart(FULL_CART);
    renderShop('/cart');
    expect(totalsRows()).toEqual({ Subtotal: 'KSh 3,065.00', Shipping: 'Free shipping countrywide', Total: 'KSh 3,065.00' });
    expect(within(totals()).queryByText(/Minimum order amount/)).toBeNull();
    expect(proceed().disabled).toBe(false);
  });

  it('plus and minus change the quantity and every total; the maximum is kept with its toast', async () => {
    storeCart([line(OIL, 2)]);
    renderShop('/cart');
    const oil = lineOf('Pwani Bora Cooking Oil 3L');
    fireEvent.click(within(oil).getByRole('button', { name: 'Add one more Pwani Bora Cooking Oil 3L' }));
    expect((within(oil).getByRole('spinbutton') as HTMLInputElement).value).toBe('3');
    expect(within(oil).getByTestId('line-total').textContent).toBe('KSh 4,350.00');
    expect(totalsRows()).toMatchObject({ Subtotal: 'KSh 4,350.00', Total: 'KSh 4,350.00' });
    // The oil's maximum is 3.
    fireEvent.click(within(oil).getByRole('button', { name: 'Add one more Pwani Bora Cooking Oil 3L' }));
    await findToast('You have reached the maximum you can add to cart for this product');
    expect((within(oil).getByRole('spinbutton') as HTMLInputElement).value).toBe('3');
    fireEvent.click(within(oil).getByRole('button', { name: 'Remove one Pwani Bora Cooking Oil 3L' }));
    fireEvent.click(within(oil).getByRole('button', { name: 'Remove one Pwani Bora Cooking Oil 3L' }));
    expect(totalsRows()).toMatchObject({ Subtotal: 'KSh 1,450.00', Total: 'KSh 1,450.00' });
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toEqual([
      expect.objectContaining({ id: OIL.id, quantity: 1, product_total: 1450 }),
    ]);
  });

  it("Remove takes the line out with the '{name} removed from cart' toast", async () => {
    storeCart(FULL_CART);
    renderShop('/cart');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Pwani Bora Cooking Oil 3L from cart' }));
    await findToast('Pwani Bora Cooking Oil 3L removed from cart');
    expect(lines()).toHaveLength(1);
    expect(totalsRows()).toMatchObject({ Subtotal: 'KSh 165.00' });
  });

  it("an empty cart says 'Add Cart items' with a way back to the shop", async () => {
    storeCart([line(RICE, 1)]);
    renderShop('/cart');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Nyota Basmati Rice 1kg from cart' }));
    expect(await screen.findByText('Add Cart items')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Proceed to Checkout' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shop/all');
  });

  it("below the minimum, 'Proceed to Checkout' is disabled with 'Minimum order amount is 1930'", () => {
    storeCart(SMALL_CART);
    renderShop('/cart');
    expect(totalsRows()).toMatchObject({ Total: 'KSh 1,615.00' });
    expect(within(totals()).getByText('Minimum order amount is 1930')).toBeTruthy();
    expect(proceed().disabled).toBe(true);
    fireEvent.click(proceed());
    expect(currentPath()).toBe('/cart');
  });

  it("'Proceed to Checkout' goes to /checkout and closes the cart drawer", () => {
    storeCart(FULL_CART);
    const { store } = renderShop('/cart');
    act(() => {
      store.dispatch(cartDrawerToggled(true));
    });
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(proceed());
    expect(currentPath()).toBe('/checkout');
    expect(store.getState().cart.open).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("'Proceed to Checkout' closes the drawer itself, even where no drawer is mounted to follow the navigation", () => {
    storeCart(FULL_CART);
    const { store } = renderWithStore(
      <MemoryRouter initialEntries={['/cart']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes>
          <Route path="/cart" element={<CartPage />} />
          <Route path="/checkout" element={<h1>Checkout stand-in</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    act(() => {
      store.dispatch(cartDrawerToggled(true));
    });
    fireEvent.click(proceed());
    expect(screen.getByRole('heading', { name: 'Checkout stand-in' })).toBeTruthy();
    expect(store.getState().cart.open).toBe(false);
  });

  it("'Continue Shopping' links to /shop/all", () => {
    storeCart(FULL_CART);
    renderShop('/cart');
    fireEvent.click(screen.getByRole('link', { name: 'Continue Shopping' }));
    expect(currentPath()).toBe('/shop/all');
    expect(document.title).toBe('Cart | Shwari Shop');
  });
});
