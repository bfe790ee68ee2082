import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Product } from '@shop/api-types';
import { renderWithStore, resetShopState } from '@shop/store-kit/testing';
import { productBySlug } from '../testFixtures';
import WishlistPage from './WishlistPage';

const SAVED: Product[] = [
  productBySlug('mlima-gold-sifted-maize-meal-2kg'),
  productBySlug('nyota-basmati-rice-1kg'),
  productBySlug('afya-bora-fortified-uji-flour-1kg'),
];

function renderWishlist() {
  return renderWithStore(
    <MemoryRouter initialEntries={['/wishlist']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/wishlist" element={<WishlistPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const itemNames = (): string[] =>
  screen.queryAllByTestId('wishlist-item').map((item) => within(item).getAllByRole('link')[0]!.textContent ?? '');
const storedNames = (): string[] => (JSON.parse(localStorage.getItem('wishlists') ?? '[]') as Product[]).map((product) => product.name);

afterEach(() => resetShopState());

describe('WishlistPage', () => {
  it("shows 'My Wishlist' and 'No Products' when nothing is saved", () => {
    renderWishlist();
    expect(screen.getByRole('heading', { level: 1, name: 'My Wishlist' })).toBeTruthy();
    expect(screen.getByText('No Products')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the shop' }).getAttribute('href')).toBe('/shop/all');
    expect(screen.queryAllByTestId('wishlist-item')).toHaveLength(0);
  });

  it("shows the products saved under the 'wishlists' key, with link, unit and price", () => {
    localStorage.setItem('wishlists', JSON.stringify(SAVED));
    renderWishlist();
    expect(screen.queryByText('No Products')).toBeNull();
    expect(itemNames()).toEqual(SAVED.map((product) => product.name));
    const flour = screen.getAllByTestId('wishlist-item')[0]!;
    expect(within(flour).getByRole('link', { name: 'Mlima Gold Sifted Maize Meal 2kg' }).getAttribute('href')).toBe(
      '/product/mlima-gold-sifted-maize-meal-2kg',
    );
    expect(within(flour).getByText('2 kg')).toBeTruthy();
    expect(within(flour).getByText('KSh 165.00')).toBeTruthy();
    expect(within(flour).getByText('KSh 179.50').tagName).toBe('DEL');
    const rice = screen.getAllByTestId('wishlist-item')[1]!;
    expect(within(rice).getByText('KSh 269.50')).toBeTruthy();
  });

  it("Remove shows '{name} removed from wishlist', the item disappears and stays gone after a reload", async () => {
    localStorage.setItem('wishlists', JSON.stringify(SAVED));
    const { unmount } = renderWishlist();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Nyota Basmati Rice 1kg from wishlist' }));
    expect(await screen.findByText('Nyota Basmati Rice 1kg removed from wishlist')).toBeTruthy();
    expect(itemNames()).toEqual(['Mlima Gold Sifted Maize Meal 2kg', 'Afya Bora Fortified Uji Flour 1kg']);
    expect(storedNames()).toEqual(['Mlima Gold Sifted Maize Meal 2kg', 'Afya Bora Fortified Uji Flour 1kg']);

    // A reload: a new store reads the wishlist back from local storage.
    unmount();
    renderWishlist();
    expect(itemNames()).toEqual(['Mlima Gold Sifted Maize Meal 2kg', 'Afya Bora Fortified Uji Flour 1kg']);
  });

  it("removing the last item leaves 'No Products'", async () => {
    localStorage.setItem('wishlists', JSON.stringify([SAVED[0]]));
    renderWishlist();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Mlima Gold Sifted Maize Meal 2kg from wishlist' }));
    expect(await screen.findByText('Mlima Gold Sifted Maize Meal 2kg removed from wishlist')).toBeTruthy();
    expect(screen.getByText('No Products')).toBeTruthy();
    expect(storedNames()).toEqual([]);
  });

  it('Add to Cart from the wishlist turns into the stepper; the item stays in the wishlist', async () => {
    localStorage.setItem('wishlists', JSON.stringify(SAVED));
    const { store } = renderWishlist();
    const rice = screen.getAllByTestId('wishlist-item')[1]!;
    fireEvent.click(within(rice).getByRole('button', { name: 'Add to Cart: Nyota Basmati Rice 1kg' }));
    expect(await screen.findByText('Nyota Basmati Rice 1kg added to cart')).toBeTruthy();
    expect((within(rice).getByRole('spinbutton', { name: 'Quantity of Nyota Basmati Rice 1kg' }) as HTMLInputElement).value).toBe('1');
    expect(itemNames()).toHaveLength(3);
    expect(store.getState().cart.items.map((line) => line.name)).toEqual(['Nyota Basmati Rice 1kg']);
  });

  it('a corrupt stored wishlist shows an empty wishlist instead of breaking the page', () => {
    localStorage.setItem('wishlists', '{not json');
    renderWishlist();
    expect(screen.getByText('No Products')).toBeTruthy();
  });
});
