import { act, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { cartDrawerToggled, useAppDispatch } from '@shop/store-kit';
import { renderWithStore, resetShopState } from '@shop/store-kit/testing';
import { FULL_CART, line, MAIZE, OIL, SMALL_CART, storeCart, findToast } from '../testFixtures';
import CartDrawer from './CartDrawer';

afterEach(() => resetShopState());

/** The header's cart button, as the shell has it: it opens the drawer. */
function Opener(): JSX.Element {
  const dispatch = useAppDispatch();
  return (
    <button type="button" onClick={() => dispatch(cartDrawerToggled(true))}>
      Open cart
    </button>
  );
}

function Where(): JSX.Element {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** A page of the shop with the header's cart button and the drawer, as the shell lays them out. */
function renderPage(path = '/shop/all') {
  return renderWithStore(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Opener />
      <Routes>
        <Route path="*" element={<h1>Some page</h1>} />
      </Routes>
      <CartDrawer />
      <Where />
    </MemoryRouter>,
  );
}

const openDrawer = () => {
  fireEvent.click(screen.getByRole('button', { name: 'Open cart' }));
  return screen.getByRole('dialog');
};
const where = () => screen.getByTestId('location').textContent;

describe('CartDrawer', () => {
  it('is not shown until the store opens it', () => {
    storeCart(FULL_CART);
    const { store } = renderPage();
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      store.dispatch(cartDrawerToggled(true));
    });
    expect(screen.getByRole('dialog', { name: 'Shopping Cart (3)' })).toBeTruthy();
  });

  it("shows 'Shopping Cart (count)', each line with image, name, unit, stepper, remove and line total, and the subtotal", () => {
    storeCart(FULL_CART);
    renderPage();
    const dialog = openDrawer();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByRole('heading', { name: 'Shopping Cart (3)' })).toBeTruthy();
    const lines = within(dialog).getAllByTestId('drawer-line');
    expect(lines).toHaveLength(2);
    const oil = lines[0]!;
    expect(within(oil).getByText('Pwani Bora Cooking Oil 3L')).toBeTruthy();
    expect(within(oil).getByText('3 L')).toBeTruthy();
    expect(oil.querySelector('img')?.getAttribute('src')).toBe('/media/products/pwani-bora-cooking-oil-3l.svg');
    expect((within(oil).getByRole('spinbutton', { name: 'Quantity of Pwani Bora Cooking Oil 3L' }) as HTMLInputElement).value).toBe('2');
    expect(within(oil).getByTestId('line-total').textContent).toBe('KSh 2,900.00');
    expect(within(oil).getByRole('button', { name: 'Remove Pwani Bora Cooking Oil 3L from cart' })).toBeTruthy();
    // The maize is on offer: the line total uses the offer price.
    expect(within(lines[1]!).getByTestId('line-total').textContent).toBe('KSh 165.00');
    expect(within(dialog).getByTestId('drawer-subtotal').textContent).toBe('KSh 3,065.00');
    expect(within(dialog).queryByText(/Minimum order amount/)).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says 'Cart is empty' with an empty cart, and Checkout cannot be pressed", () => {
    renderPage();
    const dialog = openDrawer();
    expect(within(dialog).getByRole('heading', { name: 'Shopping Cart (0)' })).toBeTruthy();
    expect(within(dialog).getByText('Cart is empty')).toBeTruthy();
    expect(within(dialog).getByTestId('drawer-subtotal').textContent).toBe('KSh 0.00');
    expect((within(dialog).getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("below the minimum shows 'Minimum order amount is 1930' (never 2000) and disables Checkout", () => {
    storeCart(SMALL_CART);
    renderPage();
    const dialog = openDrawer();
    expect(within(dialog).getByTestId('drawer-subtotal').textContent).toBe('KSh 1,615.00');
    expect(within(dialog).getByText('Minimum order amount is 1930')).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/2000/);
    const checkout = within(dialog).getByRole('button', { name: 'Checkout' }) as HTMLButtonElement;
    expect(checkout.disabled).toBe(true);
    fireEvent.click(checkout);
    expect(where()).toBe('/shop/all');
  });

  it('the stepper changes the quantity, the count and the subtotal; reaching the minimum enables Checkout', () => {
    storeCart([line(OIL, 1), line(MAIZE, 2)]);
    renderPage();
    const dialog = openDrawer();
    expect(within(dialog).getByTestId('drawer-subtotal').textContent).toBe('KSh 1,780.00');
    expect((within(dialog).getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add one more Mlima Gold Sifted Maize Meal 2kg' }));
    expect(within(dialog).getByRole('heading', { name: 'Shopping Cart (4)' })).toBeTruthy();
    // 1450 + 3 × 165 = 1945: at least 1930.
    expect(within(dialog).getByTestId('drawer-subtotal').textContent).toBe('KSh 1,945.00');
    expect(within(dialog).queryByText('Minimum order amount is 1930')).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("Remove takes the line out with the '{name} removed from cart' toast", async () => {
    storeCart(FULL_CART);
    renderPage();
    const dialog = openDrawer();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Mlima Gold Sifted Maize Meal 2kg from cart' }));
    await findToast('Mlima Gold Sifted Maize Meal 2kg removed from cart');
    expect(within(dialog).getAllByTestId('drawer-line')).toHaveLength(1);
    expect(within(dialog).getByRole('heading', { name: 'Shopping Cart (2)' })).toBeTruthy();
  });

  it("'View Cart' links to /cart and closes the drawer on the way", () => {
    storeCart(FULL_CART);
    const { store } = renderPage();
    const dialog = openDrawer();
    const viewCart = within(dialog).getByRole('link', { name: 'View Cart' });
    expect(viewCart.getAttribute('href')).toBe('/cart');
    fireEvent.click(viewCart);
    expect(where()).toBe('/cart');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState().cart.open).toBe(false);
  });

  it("'Checkout' goes to /checkout and closes the drawer", () => {
    storeCart(FULL_CART);
    const { store } = renderPage();
    fireEvent.click(within(openDrawer()).getByRole('button', { name: 'Checkout' }));
    expect(where()).toBe('/checkout');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState().cart.open).toBe(false);
  });

  it('Escape closes it and focus goes back to the button that opened it', () => {
    storeCart(FULL_CART);
    const { store } = renderPage();
    const opener = screen.getByRole('button', { name: 'Open cart' });
    opener.focus();
    const dialog = openDrawer();
    // Focus moved into the dialog.
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close cart' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState().cart.open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('a click on the overlay closes it, and so does the close button', () => {
    storeCart(FULL_CART);
    renderPage();
    openDrawer();
    fireEvent.click(screen.getByTestId('cart-drawer-overlay'));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(within(openDrawer()).getByRole('button', { name: 'Close cart' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Tab stays inside the open drawer', () => {
    storeCart(FULL_CART);
    renderPage();
    const dialog = openDrawer();
    const checkout = within(dialog).getByRole('button', { name: 'Checkout' });
    checkout.focus();
    fireEvent.keyDown(checkout, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close cart' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(checkout);
  });

  it('the page behind does not scroll while it is open', () => {
    renderPage();
    openDrawer();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(document.body.style.overflow).toBe('');
  });
});
