import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi, resetShopState, respond } from '@shop/store-kit/testing';
import { callsTo, checkoutServer, PAYMENT_URL } from '../checkout/checkoutServer';
import { pageNavigation } from '../checkout/redirect';
import { currentPath, findToast, FULL_CART, placeRoutes, renderShop, storeCart } from '../testFixtures';

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
});

afterEach(() => {
  resetShopState();
  sessionStorage.clear();
});

describe('FailedPage', () => {
  it("says 'Sorry, your order could not be processed!' and 'Please check your payment details and try again.'", () => {
    storeCart(FULL_CART);
    renderShop('/failed');
    expect(screen.getByRole('heading', { level: 1, name: 'Sorry, your order could not be processed!' })).toBeTruthy();
    expect(screen.getByText('Please check your payment details and try again.')).toBeTruthy();
    expect(screen.queryByText(/still being confirmed/)).toBeNull();
    expect(document.title).toBe('Payment not completed | Shwari Shop');
  });

  it("'Try Again' goes back to /checkout with the cart kept", async () => {
    mockApi(placeRoutes);
    storeCart(FULL_CART);
    const { store } = renderShop('/failed');
    const tryAgain = screen.getByRole('link', { name: 'Try Again' });
    expect(tryAgain.getAttribute('href')).toBe('/checkout');
    fireEvent.click(tryAgain);
    expect(currentPath()).toBe('/checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(store.getState().cart.items).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toHaveLength(2);
  });

  it("'Try Again' for an order placed in the chat pays that same order from here, in any tab (no checkout, no second order)", async () => {
    const calls = checkoutServer();
    storeCart(FULL_CART);
    // The shopping assistant sent this order to the payment page, from another tab: this one has no conversation.
    localStorage.setItem('chat_order_in_payment', JSON.stringify({ id: 777, order_number: 'SH-260777', payment_key: 'chat-k3y-777' }));
    expect(sessionStorage.length).toBe(0);
    renderShop('/failed?order_id=SH-260777');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(callsTo(calls, '/site/v1/dpo/pay')).toEqual([
      { method: 'POST', path: '/site/v1/dpo/pay', body: { order_id: 777, payment_key: 'chat-k3y-777' } },
    ]);
    expect(callsTo(calls, '/site/orders/store')).toEqual([]);
    expect(currentPath()).toBe('/failed?order_id=SH-260777');
  });

  it("'Try Again' for a chat order the server no longer lets this browser pay says why", async () => {
    checkoutServer({ pay: () => respond(404, { message: 'Order not found.' }) });
    localStorage.setItem('chat_order_in_payment', JSON.stringify({ id: 777, order_number: 'SH-260777', payment_key: 'old-k3y' }));
    renderShop('/failed?order_id=SH-260777');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await findToast('Order not found.');
    expect(assign).not.toHaveBeenCalled();
  });

  it("'Try Again' for the checkout's own order goes to /checkout, even when the chat has sent another order to pay", async () => {
    mockApi(placeRoutes);
    storeCart(FULL_CART);
    localStorage.setItem('chat_order_in_payment', JSON.stringify({ id: 777, order_number: 'SH-260777', payment_key: 'chat-k3y-777' }));
    renderShop('/failed?order_id=SH-260501');
    const tryAgain = screen.getByRole('link', { name: 'Try Again' });
    expect(tryAgain.getAttribute('href')).toBe('/checkout');
    fireEvent.click(tryAgain);
    expect(currentPath()).toBe('/checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
  });

  it("'Try Again' without an order number goes to /checkout, whatever the chat sent to pay", () => {
    localStorage.setItem('chat_order_in_payment', JSON.stringify({ id: 777, order_number: 'SH-260777', payment_key: 'chat-k3y-777' }));
    renderShop('/failed');
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/checkout');
  });

  it('names the order the payment page sent back, when it did', () => {
    renderShop('/failed?order_id=SH-260501');
    expect(screen.getByTestId('order-number').textContent).toBe('SH-260501');
  });

  it('with pending=1, also says calmly that the payment is still being confirmed', () => {
    renderShop('/failed?order_id=SH-260501&pending=1');
    expect(screen.getByRole('heading', { level: 1, name: 'Sorry, your order could not be processed!' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(
      /^Your payment is still being confirmed\. .*the order page will update on its own: there is no need to pay again\.$/,
    );
  });

  it('with refund=1 (paid after the order was cancelled), says the amount will be refunded', () => {
    renderShop('/failed?order_id=SH-260501&refund=1');
    expect(screen.getByTestId('order-number').textContent).toBe('SH-260501');
    expect(screen.getByRole('status').textContent).toMatch(
      /^Refund due: your payment arrived after this order was cancelled\. The order stays cancelled and the amount will be refunded to you/,
    );
  });
});
