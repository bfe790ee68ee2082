import { act, fireEvent, screen, within } from '@testing-library/react';
import { addToCart, type CartProduct } from '@shop/store-kit';
import { renderWithStore, resetShopState } from '@shop/store-kit/testing';
import { AddToCartControl } from './AddToCartControl';

const flour: CartProduct = {
  id: 2,
  name: 'Mlima Gold Sifted Maize Meal 2kg',
  slug: 'mlima-gold-sifted-maize-meal-2kg',
  image: '/media/products/mlima-gold-sifted-maize-meal-2kg.svg',
  unit: '2 kg',
  price: 179.5,
  offer: { offer_price: 165, discount: { name: '8.08%', percent: 8.08 } },
  limit: { minimum_quantity: 1, maximum_quantity: 3 },
};

const MAXIMUM = 'You have reached the maximum you can add to cart for this product';

const quantityShown = (): string => (screen.getByRole('spinbutton', { name: `Quantity of ${flour.name}` }) as HTMLInputElement).value;
const plus = () => screen.getByRole('button', { name: `Add one more ${flour.name}` });
const minus = () => screen.getByRole('button', { name: `Remove one ${flour.name}` });

/** The toast's box, to check where it is shown. */
const toastContainerOf = (element: HTMLElement): HTMLElement | null => element.closest('.Toastify__toast-container');

afterEach(() => resetShopState());

describe('AddToCartControl', () => {
  it('is named by the words it shows, then the product (WCAG 2.5.3: a voice command "Add to Cart" finds it)', () => {
    renderWithStore(<AddToCartControl product={flour} />);
    const button = screen.getByRole('button', { name: `Add to Cart: ${flour.name}` });
    expect(button.textContent).toBe('Add to Cart');
  });

  it("shows 'Add to Cart', then the stepper at 1 with the toast '{name} added to cart' at the bottom centre", async () => {
    const { store } = renderWithStore(<AddToCartControl product={flour} />);
    expect(screen.queryByRole('group')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: `Add to Cart: ${flour.name}` }));

    const toast = await screen.findByText(`${flour.name} added to cart`);
    expect(toastContainerOf(toast)?.className).toContain('Toastify__toast-container--bottom-center');
    // Cart and wishlist toasts close after 3 s (the library default is 5 s).
    const progress = toast.closest('.Toastify__toast')?.querySelector<HTMLElement>('[role="progressbar"]');
    expect(progress?.style.animationDuration).toBe('3000ms');

    expect(screen.queryByRole('button', { name: `Add to Cart: ${flour.name}` })).toBeNull();
    const stepper = screen.getByRole('group', { name: `Quantity of ${flour.name}` });
    expect(within(stepper).getByText('−')).toBeTruthy();
    expect(within(stepper).getByText('+')).toBeTruthy();
    expect(quantityShown()).toBe('1');
    const input = screen.getByRole('spinbutton', { name: `Quantity of ${flour.name}` }) as HTMLInputElement;
    expect(input.readOnly).toBe(true);
    expect(input.min).toBe('1');
    expect(input.max).toBe('3');
    expect(store.getState().cart.items).toEqual([expect.objectContaining({ id: flour.id, quantity: 1, product_total: 165 })]);
  });

  it('plus adds one; it stops at the maximum with the toast, and the quantity stays', async () => {
    const { store } = renderWithStore(<AddToCartControl product={flour} />);
    fireEvent.click(screen.getByRole('button', { name: `Add to Cart: ${flour.name}` }));
    fireEvent.click(plus());
    expect(quantityShown()).toBe('2');
    fireEvent.click(plus());
    expect(quantityShown()).toBe('3');
    expect(screen.queryByText(MAXIMUM)).toBeNull();

    fireEvent.click(plus());
    expect(await screen.findByText(MAXIMUM)).toBeTruthy();
    expect(quantityShown()).toBe('3');
    expect(store.getState().cart.items[0]).toMatchObject({ quantity: 3, product_total: 495 });
  });

  it("minus lowers the quantity; at 1 it removes the line with '{name} removed from cart' and brings back Add to Cart", async () => {
    const { store } = renderWithStore(<AddToCartControl product={flour} />);
    fireEvent.click(screen.getByRole('button', { name: `Add to Cart: ${flour.name}` }));
    fireEvent.click(plus());
    fireEvent.click(minus());
    expect(quantityShown()).toBe('1');
    expect(screen.queryByText(`${flour.name} removed from cart`)).toBeNull();

    fireEvent.click(minus());
    expect(await screen.findByText(`${flour.name} removed from cart`)).toBeTruthy();
    expect(screen.queryByRole('group', { name: `Quantity of ${flour.name}` })).toBeNull();
    expect(screen.getByRole('button', { name: `Add to Cart: ${flour.name}` })).toBeTruthy();
    expect(store.getState().cart.items).toEqual([]);
    expect(JSON.parse(localStorage.getItem('cart') ?? 'null')).toEqual([]);
  });

  it("adding a product already in the cart (from elsewhere in the shop) shows '{name} updated cart quantity' and the stepper follows", async () => {
    const { store } = renderWithStore(<AddToCartControl product={flour} />);
    fireEvent.click(screen.getByRole('button', { name: `Add to Cart: ${flour.name}` }));
    expect(await screen.findByText(`${flour.name} added to cart`)).toBeTruthy();

    act(() => {
      store.dispatch(addToCart(flour));
    });
    expect(await screen.findByText(`${flour.name} updated cart quantity`)).toBeTruthy();
    expect(quantityShown()).toBe('2');
  });

  it('starts as the stepper when the product is already in the stored cart', () => {
    localStorage.setItem('cart', JSON.stringify([{ ...flour, quantity: 2, product_total: 330 }]));
    renderWithStore(<AddToCartControl product={flour} compact />);
    expect(quantityShown()).toBe('2');
    expect(screen.queryByRole('button', { name: `Add to Cart: ${flour.name}` })).toBeNull();
  });

  it('a product whose maximum is 1 cannot go above 1', async () => {
    const single: CartProduct = {
      ...flour,
      id: 9,
      name: 'Pwani Bora Baking Flour 24kg Bale',
      limit: { minimum_quantity: 1, maximum_quantity: 1 },
    };
    renderWithStore(<AddToCartControl product={single} />);
    fireEvent.click(screen.getByRole('button', { name: `Add to Cart: ${single.name}` }));
    fireEvent.click(screen.getByRole('button', { name: `Add one more ${single.name}` }));
    expect(await screen.findByText(MAXIMUM)).toBeTruthy();
    expect((screen.getByRole('spinbutton', { name: `Quantity of ${single.name}` }) as HTMLInputElement).value).toBe('1');
  });
});
