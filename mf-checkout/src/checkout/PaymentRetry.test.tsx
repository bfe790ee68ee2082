import { fireEvent, screen, waitFor } from '@testing-library/react';
import { respond, resetShopState } from '@shop/store-kit/testing';
import {
  currentPath,
  fillDetails,
  findToast,
  FULL_CART,
  HOME_ADDRESS,
  line,
  listed,
  MAIZE,
  OIL,
  PROFILE,
  renderShop,
  storeCart,
  storeSession,
  toastTexts,
  type,
} from '../testFixtures';
import { callsTo, checkoutServer, ORDER_ID, ORDER_NUMBER, PAYMENT_KEY, PAYMENT_TOKEN, PAYMENT_URL } from './checkoutServer';
import { pageNavigation } from './redirect';

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
});
afterEach(resetShopState);

const placeOrder = () => screen.queryByRole('button', { name: 'Place Order' }) as HTMLButtonElement | null;
const total = () => screen.getByTestId('summary-total').textContent;

/** Terms ticked, Continue pressed, Place Order pressed once it is enabled. */
async function confirmAndPlace(): Promise<void> {
  const terms = screen.getByRole('checkbox', { name: /terms and conditions/ }) as HTMLInputElement;
  if (!terms.checked) fireEvent.click(terms);
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(placeOrder()?.disabled).toBe(false));
  fireEvent.click(placeOrder()!);
}

/** The orders service's answer for a new order: each one its own id, number and key. */
const placedOrder = (body: Record<string, unknown>, attempt: number) =>
  respond(201, {
    data: {
      id: ORDER_ID + attempt - 1,
      order_number: `SH-26050${attempt}`,
      total_amount: body.total_amount,
      subtotal: body.total_amount,
      discount: 0,
      points_discount: 0,
      payment_key: `${PAYMENT_KEY}-${attempt}`,
    },
  });

describe('Try Again after a declined payment', () => {
  it('pays the same order again: no new order, the coupon and points it holds, the same total, the payment key on every call', async () => {
    let placed = false;
    const calls = checkoutServer({
      // Once the order holds them, the coupon's one use per customer is taken and 50 points are held.
      profile: () => (placed ? { ...PROFILE, loyalty_points: { current_balance: 100 } } : PROFILE),
      addresses: [HOME_ADDRESS],
      coupon: () =>
        placed
          ? respond(404, { message: 'Invalid or expired coupon' })
          : { discount: { name: '10%', discount_type: 'percent', discount_value: null, discount_percent: 10 } },
      store: (body, attempt) => {
        placed = true;
        return placedOrder(body, attempt);
      },
    });
    storeSession();
    storeCart(FULL_CART);
    const first = renderShop('/checkout');
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Street' }) as HTMLInputElement).value).toBe('Waiyaki Way 14'));
    type('Coupon code (optional)', 'karibu10');
    await findToast('Valid coupon: 10%');
    await screen.findByTestId('points-balance');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Points to redeem' }), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    // 3065.00 − 306.50 − 50 = 2708.50
    expect(total()).toBe('KSh 2,708.50');
    await confirmAndPlace();
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(callsTo(calls, '/site/orders/store')[0]?.body).toMatchObject({ coupon: 'KARIBU10', redeemed_points: 50, total_amount: 2708.5 });

    // The payment page declines and sends the browser back to /failed: a new page, a new store.
    first.unmount();
    renderShop(`/failed?order_id=${ORDER_NUMBER}`);
    fireEvent.click(screen.getByRole('link', { name: 'Try Again' }));
    expect(currentPath()).toBe('/checkout');

    // The order still waits for its payment: its coupon and points are back, applied as they were.
    await waitFor(() => expect(screen.getByText('Valid coupon: 10%')).toBeTruthy());
    await waitFor(() => expect(screen.getByTestId('points-balance').textContent).toBe('150'));
    expect(screen.getByTestId('points-applied').textContent).toBe('50 points applied');
    expect(total()).toBe('KSh 2,708.50');
    expect(callsTo(calls, /^\/site\/coupons\/check\//)).toHaveLength(1);

    await confirmAndPlace();
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(2));
    expect(assign).toHaveBeenLastCalledWith(PAYMENT_URL);
    expect(callsTo(calls, '/site/orders/store')).toHaveLength(1);
    const payments = callsTo(calls, '/site/v1/dpo/pay');
    expect(payments).toHaveLength(2);
    expect(payments[1]?.body).toMatchObject({ order_id: ORDER_ID, amount: 2708.5, payment_key: `${PAYMENT_KEY}-1` });
    const checks = callsTo(calls, `/site/orders/${ORDER_ID}/payment-status`);
    expect(checks.length).toBeGreaterThanOrEqual(1);
    expect(checks.every((call) => call.paymentKey === `${PAYMENT_KEY}-1`)).toBe(true);
    expect(localStorage.getItem('payment_token')).toBe(PAYMENT_TOKEN);
    expect(toastTexts()).not.toContain('Invalid or expired coupon');
  });

  it('a changed cart places a new order that replaces the unpaid one (its id and key), and the new one is kept', async () => {
    const calls = checkoutServer({ store: placedOrder });
    storeCart(FULL_CART);
    const first = renderShop('/checkout');
    await fillDetails();
    await confirmAndPlace();
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    first.unmount();

    // Back from the payment page, the shopper takes one more bag of maize meal.
    storeCart([line(OIL, 2), line(MAIZE, 2)]);
    renderShop('/checkout');
    await waitFor(() => expect(callsTo(calls, `/site/orders/${ORDER_ID}/payment-status`)).toHaveLength(1));
    await confirmAndPlace();
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(2));

    const orders = callsTo(calls, '/site/orders/store');
    expect(orders).toHaveLength(2);
    expect(orders[0]?.body).not.toHaveProperty('replaces');
    expect(orders[1]?.body).toMatchObject({ total_amount: 3230, replaces: { order_id: ORDER_ID, payment_key: `${PAYMENT_KEY}-1` } });
    expect(callsTo(calls, '/site/v1/dpo/pay')[1]?.body).toMatchObject({ order_id: ORDER_ID + 1, payment_key: `${PAYMENT_KEY}-2` });
    expect(JSON.parse(localStorage.getItem('pending_order') ?? 'null')).toMatchObject({
      id: ORDER_ID + 1,
      payment_key: `${PAYMENT_KEY}-2`,
      total_amount: 3230,
    });
  });

  it('an unpaid order that expired (cancelled) is forgotten: the next order is a new one, replacing nothing', async () => {
    const calls = checkoutServer({
      store: placedOrder,
      paymentStatus: () => ({
        order_number: ORDER_NUMBER,
        status: 'cancelled',
        total_amount: 3065,
        subtotal: 3065,
        discount: 0,
        points_discount: 0,
        coupon_code: null,
        redeemed_points: 0,
      }),
    });
    storeCart(FULL_CART);
    const first = renderShop('/checkout');
    await fillDetails();
    await confirmAndPlace();
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    first.unmount();

    renderShop('/checkout');
    await waitFor(() => expect(localStorage.getItem('pending_order')).toBeNull());
    await confirmAndPlace();
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(2));
    const orders = callsTo(calls, '/site/orders/store');
    expect(orders).toHaveLength(2);
    expect(orders[1]?.body).not.toHaveProperty('replaces');
    expect(callsTo(calls, '/site/v1/dpo/pay')[1]?.body).toMatchObject({ order_id: ORDER_ID + 1, payment_key: `${PAYMENT_KEY}-2` });
  });
});

describe('the cart follows the catalogue', () => {
  it("the cart page shows today's price and says what changed; a product no longer sold must be removed before checkout", async () => {
    checkoutServer({ products: () => [listed(OIL, { price: 1500 })] });
    storeCart(FULL_CART);
    const { store } = renderShop('/cart');

    await findToast('The price of Pwani Bora Cooking Oil 3L is now KSh 1,500.00');
    await findToast('Mlima Gold Sifted Maize Meal 2kg is no longer available. Please remove it from your cart.');
    await waitFor(() => expect(screen.getAllByTestId('line-total').map((cell) => cell.textContent)).toEqual(['KSh 3,000.00']));
    expect(screen.getByText('No longer available')).toBeTruthy();
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('KSh 3,000.00');
    expect(store.getState().cart.items[0]).toMatchObject({ id: OIL.id, price: 1500, product_total: 3000 });
    const proceed = screen.getByRole('button', { name: 'Proceed to Checkout' }) as HTMLButtonElement;
    expect(proceed.disabled).toBe(true);
    expect(screen.getByText('Remove the items that are no longer available to continue.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: `Remove ${MAIZE.name} from cart` }));
    expect(proceed.disabled).toBe(false);
  });

  it('a "Prices have changed" refusal re-prices the cart, says what changed, and the next Place Order goes through', async () => {
    const calls = checkoutServer({
      // The catalogue still listed the old price when the checkout opened; it changed just before Place Order.
      products: (attempt) => (attempt === 1 ? [listed(OIL), listed(MAIZE)] : [listed(OIL, { price: 1500 }), listed(MAIZE)]),
      store: (body, attempt) =>
        attempt === 1
          ? respond(422, {
              message: 'Prices have changed: Pwani Bora Cooking Oil 3L is now KSh 1,500.00. Please review your cart.',
              errors: { cart_items: ['Prices have changed: Pwani Bora Cooking Oil 3L is now KSh 1,500.00. Please review your cart.'] },
            })
          : placedOrder(body, 1),
    });
    storeCart(FULL_CART);
    renderShop('/checkout');
    await waitFor(() => expect(callsTo(calls, '/site/products')).toHaveLength(1));
    await fillDetails();
    expect(total()).toBe('KSh 3,065.00');
    await confirmAndPlace();

    await findToast('The price of Pwani Bora Cooking Oil 3L is now KSh 1,500.00');
    await waitFor(() => expect(total()).toBe('KSh 3,165.00'));
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(placeOrder()?.disabled).toBe(false));

    fireEvent.click(placeOrder()!);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    const orders = callsTo(calls, '/site/orders/store');
    expect(orders).toHaveLength(2);
    expect(orders[1]?.body).toMatchObject({
      cart_items: [
        { id: OIL.id, quantity: 2, price: 1500, product_total: 3000 },
        { id: MAIZE.id, quantity: 1, price: 165, product_total: 165 },
      ],
      total_amount: 3165,
    });
  });
});
