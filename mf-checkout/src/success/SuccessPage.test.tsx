import { configure, screen } from '@testing-library/react';
import { resetShopState } from '@shop/store-kit/testing';
import { currentPath, FULL_CART, renderShop, storeCart, storeSession } from '../testFixtures';

// Screens wait for real (mocked) fetches; allow for a busy CI machine.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => resetShopState());

function paymentUnderWay(): void {
  storeCart(FULL_CART);
  localStorage.setItem('redeemedPoints', '100');
  localStorage.setItem('order_id', JSON.stringify({ id: 501, order_number: 'SH-260501' }));
  localStorage.setItem('payment_token', 'C3B1F5A2-TOKEN-501');
  localStorage.setItem(
    'pending_order',
    JSON.stringify({
      id: 501,
      order_number: 'SH-260501',
      payment_key: 'k3y',
      signature: '{}',
      total_amount: 3065,
      coupon: null,
      redeemed_points: 100,
      name: 'Achieng',
    }),
  );
}

describe('SuccessPage', () => {
  it('thanks the customer by name, shows the order number, says it is paid, and links to the shop', () => {
    paymentUnderWay();
    renderShop('/success?order_id=SH-260501&name=Achieng');
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you, Achieng!' })).toBeTruthy();
    expect(screen.getByTestId('order-number').textContent).toBe('SH-260501');
    expect(screen.getByText('Order number:', { exact: false }).textContent).toBe('Order number: SH-260501');
    expect(screen.getByText(/Your order has been paid\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shop/all');
    // Guests have no order page.
    expect(screen.queryByRole('link', { name: 'View your order' })).toBeNull();
    expect(document.title).toBe('Thank you | Shwari Shop');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Your order has been paid.');
  });

  it('clears the cart, its points and coupon, the kept unpaid order, and the saved order and payment keys', () => {
    paymentUnderWay();
    const { store } = renderShop('/success?order_id=SH-260501&name=Achieng');
    expect(store.getState().cart).toMatchObject({ items: [], redeemedPoints: 0, coupon: false });
    expect(JSON.parse(localStorage.getItem('cart') ?? 'null')).toEqual([]);
    expect(localStorage.getItem('redeemedPoints')).toBeNull();
    expect(localStorage.getItem('order_id')).toBeNull();
    expect(localStorage.getItem('payment_token')).toBeNull();
    // Paid: nothing is left for Try Again to pay.
    expect(localStorage.getItem('pending_order')).toBeNull();
    // The cart drawer, on every page, is empty too.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a signed-in customer also gets a link to the order page', () => {
    storeSession();
    paymentUnderWay();
    renderShop('/success?order_id=SH-260501&name=Juma');
    const link = screen.getByRole('link', { name: 'View your order' });
    expect(link.getAttribute('href')).toBe('/profile/order/SH-260501');
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you, Juma!' })).toBeTruthy();
  });

  it('without query parameters it still thanks the shopper, with no number', () => {
    renderShop('/success');
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeTruthy();
    expect(screen.queryByTestId('order-number')).toBeNull();
    expect(currentPath()).toBe('/success');
  });

  it('shows query text as text only', () => {
    renderShop(`/success?order_id=${encodeURIComponent('<b>1</b>')}&name=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank you, <img src=x onerror=alert(1)>!');
    expect(document.querySelector('main img, section img')).toBeNull();
  });
});
