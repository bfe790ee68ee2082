import { fireEvent, screen, waitFor } from '@testing-library/react';
import { resetShopState } from '@shop/store-kit/testing';
import { fillDetails, findToast, FULL_CART, renderShop, storeCart } from '../testFixtures';
import { callsTo, checkoutServer, PAYMENT_URL } from './checkoutServer';
import { pageNavigation } from './redirect';

// The steps after Place Order are a chunk the page loads on the first press (usePayment). Here it
// does not arrive the first time, as on a dropped connection, and does the next.
let mockChunkLost = true;
jest.mock('./paymentFlow', () => {
  if (mockChunkLost) throw new Error('Loading chunk payment failed.');
  return jest.requireActual('./paymentFlow');
});

afterEach(() => resetShopState());

const placeOrder = () => screen.queryByRole('button', { name: 'Place Order' }) as HTMLButtonElement | null;

it('says the order was not placed when the payment steps do not arrive, and places it on the next press', async () => {
  const assign = jest.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
  const calls = checkoutServer();
  storeCart(FULL_CART);
  renderShop('/checkout');
  await fillDetails();
  fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(placeOrder()?.disabled).toBe(false));

  fireEvent.click(placeOrder()!);
  await findToast('We could not place your order right now. Please try again in a moment.');
  await waitFor(() => expect(placeOrder()?.disabled).toBe(false));
  expect(callsTo(calls, '/site/orders/store')).toEqual([]);
  expect(assign).not.toHaveBeenCalled();

  mockChunkLost = false;
  fireEvent.click(placeOrder()!);
  await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
  expect(callsTo(calls, '/site/orders/store')).toHaveLength(1);
});
