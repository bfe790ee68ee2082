import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetShopState, respond } from '@shop/store-kit/testing';
import {
  describedText,
  EDGE_CART,
  fillDetails,
  findToast,
  FULL_CART,
  HOME_ADDRESS,
  PROFILE,
  renderShop,
  SMALL_CART,
  storeCart,
  storeSession,
  toastTexts,
  type,
} from '../testFixtures';
import { callsTo, checkoutServer } from './checkoutServer';

afterEach(() => resetShopState());

/** Real time passing (longer than the coupon's debounce), with React's updates applied. */
const pause = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const select = (name: 'County' | 'Sub-county') => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const terms = () => screen.getByRole('checkbox', { name: /terms and conditions/ }) as HTMLInputElement;
const placeOrder = () => screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement;
const summary = () => screen.getByRole('region', { name: 'Your order' });
const summaryValue = (testId: string) => within(summary()).queryByTestId(testId)?.textContent ?? null;
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

/** The toasts on their way out (jsdom runs no exit animation, so they stay in the page as leaving). */
const leavingToasts = () =>
  Array.from(document.querySelectorAll('.Toastify__toast'))
    .filter((toast) => /exit/.test(toast.className))
    .map((toast) => (toast.textContent ?? '').trim());

/** The error summary's messages, in page order. */
const summaryMessages = () =>
  within(screen.getByRole('alert', { name: 'Please check the following' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('CheckoutPage: details and Continue', () => {
  it('shows the back-to-cart link, login and register links for guests, both forms, order notes and the coupon box', async () => {
    checkoutServer();
    storeCart(FULL_CART);
    renderShop('/checkout');
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Back to cart' }).getAttribute('href')).toBe('/cart');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('group', { name: 'Account details' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Shipping' })).toBeTruthy();
    for (const name of [
      'First name',
      'Last name',
      'Phone',
      'Email',
      'Street',
      'Apartment (optional)',
      'Town',
      'Order notes (optional)',
      'Coupon code (optional)',
    ]) {
      expect(field(name)).toBeTruthy();
    }
    expect(await within(select('County')).findByRole('option', { name: 'Nairobi' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByText('You will be sent to an external secure payment page to pay, then brought back to the shop.')).toBeTruthy();
    // Place Order waits for Continue.
    expect(placeOrder().disabled).toBe(true);
    expect(document.title).toBe('Checkout | Shwari Shop');
  });

  it('Continue with nothing filled shows every message next to its field and as a toast, focuses the error summary, keeps Place Order disabled', async () => {
    checkoutServer();
    storeCart(SMALL_CART);
    renderShop('/checkout');
    fireEvent.click(continueButton());

    const expected: Array<[HTMLElement, string]> = [
      [field('First name'), 'First name is required'],
      [field('Last name'), 'Last name is required'],
      [field('Phone'), 'Phone number is required'],
      [field('Email'), 'Email is required'],
      [field('Street'), 'Street is required'],
      [select('County'), 'County is required'],
      [select('Sub-county'), 'Sub-county is required'],
      [field('Town'), 'Town is required'],
      [terms(), 'You must agree to the terms and conditions'],
    ];
    await waitFor(() => expect(select('Sub-county').getAttribute('aria-invalid')).toBe('true'));
    for (const [element, message] of expected) {
      expect(element.getAttribute('aria-invalid')).toBe('true');
      expect(describedText(element)).toBe(message);
    }
    // The minimum order (the cart is KSh 1,615.00), next to the order total.
    expect(within(summary()).getByText('Minimum order amount is 1930')).toBeTruthy();

    const all = [
      'First name is required',
      'Last name is required',
      'Phone number is required',
      'Email is required',
      'Street is required',
      'County is required',
      'Sub-county is required',
      'Town is required',
      'Minimum order amount is 1930',
      'You must agree to the terms and conditions',
    ];
    expect(summaryMessages()).toEqual(all);
    expect(document.activeElement).toBe(screen.getByRole('alert', { name: 'Please check the following' }));
    for (const message of all) await findToast(message);
    // The apartment is optional: never checked.
    expect(field('Apartment (optional)').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Apartment is required')).toBeNull();
    expect(toastTexts()).not.toContain('Apartment is required');
    expect(placeOrder().disabled).toBe(true);

    // A link of the summary takes the shopper to the field.
    fireEvent.click(
      within(screen.getByRole('alert', { name: 'Please check the following' })).getByRole('link', { name: 'Town is required' }),
    );
    expect(document.activeElement).toBe(field('Town'));
  });

  it("checks the formats: 'Phone number must be 10 digits' and 'Invalid email format'; fixing a field clears its message", async () => {
    checkoutServer();
    storeCart(FULL_CART);
    renderShop('/checkout');
    await fillDetails({ phone: '07220001', email: 'achieng@example' });
    fireEvent.click(terms());
    fireEvent.click(continueButton());
    expect(describedText(field('Phone'))).toBe('Phone number must be 10 digits');
    expect(describedText(field('Email'))).toBe('Invalid email format');
    await findToast('Phone number must be 10 digits');
    await findToast('Invalid email format');
    expect(summaryMessages()).toEqual(['Phone number must be 10 digits', 'Invalid email format']);
    expect(placeOrder().disabled).toBe(true);

    // Spaces are fine (the server drops them too).
    type('Phone', '0722 000 111');
    expect(field('Phone').getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById('checkout-phone-error')).toBeNull();
    expect(describedText(field('Phone'))).toBe('');
    type('Email', 'achieng@example.com');
    expect(document.getElementById('checkout-email-error')).toBeNull();
    // The toasts of the fixed fields go with their messages, never to come up later.
    await waitFor(() => expect(leavingToasts()).toEqual(['Phone number must be 10 digits', 'Invalid email format']));

    fireEvent.click(continueButton());
    expect(placeOrder().disabled).toBe(false);
    expect(screen.getByText('Your details are complete. Choose how to pay and place your order.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Payment' }));
  });

  it('checks the minimum order after discounts: a coupon that takes the total under 1930 blocks the order', async () => {
    checkoutServer({
      coupon: () => ({ discount: { name: 'KARIBU200', discount_type: 'value', discount_value: 200, discount_percent: null } }),
    });
    storeCart(EDGE_CART);
    renderShop('/checkout');
    await fillDetails();
    fireEvent.click(terms());
    // KSh 1,945.00 before the coupon: fine.
    expect(within(summary()).queryByText('Minimum order amount is 1930')).toBeNull();
    type('Coupon code (optional)', 'karibu200');
    await findToast('Valid coupon: Ksh 200');
    expect(summaryValue('summary-total')).toBe('KSh 1,745.00');
    expect(within(summary()).getByText('Minimum order amount is 1930')).toBeTruthy();
    fireEvent.click(continueButton());
    await findToast('Minimum order amount is 1930');
    expect(summaryMessages()).toEqual(['Minimum order amount is 1930']);
    expect(placeOrder().disabled).toBe(true);
  });
});

describe('CheckoutPage: prefill', () => {
  it("reads the saved prefill from local storage 'checkout' and saves every change under the spec's field names", async () => {
    checkoutServer();
    storeCart(FULL_CART);
    localStorage.setItem(
      'checkout',
      JSON.stringify({
        first_name: 'Achieng',
        last_name: 'Atieno',
        phone: '0722000111',
        email: 'achieng@example.com',
        mpesa_no: '254722000111',
        street: 'Moi Avenue 21',
        apartment: 'Block C',
        county_id: 1,
        subcounty_id: 4,
        town: 'Mombasa',
        depot_id: 1,
        order_notes: 'Call at the gate',
      }),
    );
    renderShop('/checkout');
    expect(field('First name').value).toBe('Achieng');
    expect(field('Last name').value).toBe('Atieno');
    expect(field('Phone').value).toBe('0722000111');
    expect(field('Email').value).toBe('achieng@example.com');
    expect(field('Street').value).toBe('Moi Avenue 21');
    expect(field('Apartment (optional)').value).toBe('Block C');
    expect(field('Town').value).toBe('Mombasa');
    expect(field('Order notes (optional)').value).toBe('Call at the gate');
    await within(select('Sub-county')).findByRole('option', { name: 'Nyali' });
    expect(select('County').value).toBe('1');
    expect(select('Sub-county').value).toBe('4');

    type('Town', 'Nyali');
    type('Apartment (optional)', '');
    expect(JSON.parse(localStorage.getItem('checkout') ?? 'null')).toEqual({
      first_name: 'Achieng',
      last_name: 'Atieno',
      phone: '0722000111',
      email: 'achieng@example.com',
      mpesa_no: '254722000111',
      street: 'Moi Avenue 21',
      apartment: '',
      county_id: 1,
      subcounty_id: 4,
      town: 'Nyali',
      depot_id: 1,
      order_notes: 'Call at the gate',
    });
  });

  it('what was typed is there again on the next visit', async () => {
    checkoutServer();
    storeCart(FULL_CART);
    const first = renderShop('/checkout');
    await fillDetails();
    type('Order notes (optional)', 'Blue gate');
    first.unmount();
    renderShop('/checkout');
    expect(field('First name').value).toBe('Achieng');
    expect(field('Order notes (optional)').value).toBe('Blue gate');
    await waitFor(() => expect(select('Sub-county').value).toBe('4'));
    expect(JSON.parse(localStorage.getItem('checkout') ?? '{}')).toMatchObject({ county_id: 1, subcounty_id: 4, depot_id: 1 });
  });

  it('a signed-in customer with no saved prefill gets the profile (GET get-profile) and the first saved address (GET addresses)', async () => {
    const calls = checkoutServer({
      profile: PROFILE,
      addresses: [HOME_ADDRESS, { ...HOME_ADDRESS, id: 12, street_address: 'Second Street' }],
    });
    storeSession();
    storeCart(FULL_CART);
    renderShop('/checkout');
    await waitFor(() => expect(field('First name').value).toBe('Juma'));
    expect(field('Last name').value).toBe('Otieno');
    expect(field('Email').value).toBe('customer@example.com');
    expect(field('Phone').value).toBe('0712345678');
    await waitFor(() => expect(field('Street').value).toBe('Waiyaki Way 14'));
    expect(field('Apartment (optional)').value).toBe('Sarit Towers, 5th floor');
    expect(field('Town').value).toBe('Nairobi');
    await waitFor(() => expect(select('Sub-county').value).toBe('274'));
    expect(select('County').value).toBe('47');
    expect(callsTo(calls, '/get-profile')).toHaveLength(1);
    expect(callsTo(calls, '/addresses')).toHaveLength(1);
    // Guests' links are not shown to a signed-in customer.
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('checkout') ?? '{}')).toMatchObject({
      first_name: 'Juma',
      street: 'Waiyaki Way 14',
      county_id: 47,
      subcounty_id: 274,
    });
  });

  it('a saved prefill is kept: the profile and address do not overwrite it', async () => {
    const calls = checkoutServer({ profile: PROFILE, addresses: [HOME_ADDRESS] });
    storeSession();
    storeCart(FULL_CART);
    localStorage.setItem(
      'checkout',
      JSON.stringify({
        first_name: 'Amani',
        last_name: 'Mwangi',
        phone: '0733111222',
        email: 'amani@example.com',
        street: 'Kenyatta Avenue 3',
        town: 'Nakuru',
        county_id: 1,
        subcounty_id: 6,
        depot_id: 1,
      }),
    );
    renderShop('/checkout');
    await screen.findByTestId('points-balance');
    await waitFor(() => expect(callsTo(calls, '/addresses')).toHaveLength(1));
    expect(field('First name').value).toBe('Amani');
    expect(field('Email').value).toBe('amani@example.com');
    expect(field('Street').value).toBe('Kenyatta Avenue 3');
    expect(field('Town').value).toBe('Nakuru');
  });

  it('a guest is not asked for a profile or addresses', async () => {
    const calls = checkoutServer();
    storeCart(FULL_CART);
    renderShop('/checkout');
    await within(select('County')).findByRole('option', { name: 'Nairobi' });
    expect(calls.filter((call) => call.path === '/get-profile' || call.path === '/addresses')).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Shwari Points' })).toBeNull();
  });

  it('an empty cart has nothing to check out', () => {
    checkoutServer();
    renderShop('/checkout');
    expect(screen.getByText('Your cart is empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shop/all');
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
  });
});

describe('CheckoutPage: coupon', () => {
  const tenPercent = { discount: { name: 'SAVE10', discount_type: 'percent', discount_value: null, discount_percent: 10 } };

  it("upper-cases the code as typed, checks it once typing pauses, and applies 'Valid coupon: 10%'", async () => {
    const calls = checkoutServer({
      coupon: (code) => (code === 'SAVE10' ? tenPercent : respond(404, { message: 'Invalid or expired coupon' })),
    });
    storeCart(FULL_CART);
    const { store } = renderShop('/checkout');
    type('Email', 'achieng@example.com');
    for (const typed of ['s', 'sa', 'sav', 'save1']) type('Coupon code (optional)', typed);
    expect(field('Coupon code (optional)').value).toBe('SAVE1');
    // Nothing is asked while the shopper is still typing (a pause shorter than 400 ms).
    await pause(250);
    expect(callsTo(calls, /coupons/)).toEqual([]);
    type('Coupon code (optional)', 'save10');
    expect(field('Coupon code (optional)').value).toBe('SAVE10');
    await pause(250);
    expect(callsTo(calls, /coupons/)).toEqual([]);

    await findToast('Valid coupon: 10%');
    expect(callsTo(calls, /coupons/)).toEqual([{ method: 'GET', path: '/site/coupons/check/SAVE10/achieng%40example.com' }]);
    expect(store.getState().cart).toMatchObject({ coupon: true, coupon_type: 'percent', coupon_value: 10 });
    expect(summaryValue('summary-subtotal')).toBe('KSh 3,065.00');
    expect(summaryValue('summary-coupon')).toBe('−KSh 306.50');
    expect(summaryValue('summary-total')).toBe('KSh 2,758.50');
    expect(within(summary()).getByText('Coupon discount (10%)')).toBeTruthy();
    expect(screen.getByText('Valid coupon: 10%', { selector: '#checkout-coupon-status' })).toBeTruthy();
  });

  it("a value coupon shows 'Valid coupon: Ksh 200' and takes KSh 200 off", async () => {
    checkoutServer({
      coupon: () => ({ discount: { name: 'KARIBU200', discount_type: 'value', discount_value: 200, discount_percent: null } }),
    });
    storeCart(FULL_CART);
    const { store } = renderShop('/checkout');
    type('Email', 'achieng@example.com');
    type('Coupon code (optional)', 'karibu200');
    await findToast('Valid coupon: Ksh 200');
    expect(store.getState().cart).toMatchObject({ coupon: true, coupon_type: 'value', coupon_value: 200 });
    expect(summaryValue('summary-coupon')).toBe('−KSh 200.00');
    expect(summaryValue('summary-total')).toBe('KSh 2,865.00');
  });

  it("a refused code shows the server's message and clears the discount; with no message, 'Invalid or expired coupon'", async () => {
    checkoutServer({
      coupon: (code) => {
        if (code === 'SAVE10') return tenPercent;
        if (code === 'OLD2024') return respond(422, { message: 'This coupon has expired.' });
        return respond(500, 'Server Error');
      },
    });
    storeCart(FULL_CART);
    const { store } = renderShop('/checkout');
    type('Email', 'achieng@example.com');
    type('Coupon code (optional)', 'SAVE10');
    await findToast('Valid coupon: 10%');

    type('Coupon code (optional)', 'OLD2024');
    await findToast('This coupon has expired.');
    expect(screen.getByText('This coupon has expired.', { selector: '#checkout-coupon-status' })).toBeTruthy();
    expect(field('Coupon code (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(store.getState().cart).toMatchObject({ coupon: false, coupon_type: null, coupon_value: 0 });
    expect(summaryValue('summary-coupon')).toBeNull();
    expect(summaryValue('summary-total')).toBe('KSh 3,065.00');

    type('Coupon code (optional)', 'BROKEN');
    await findToast('Invalid or expired coupon');
    expect(store.getState().cart.coupon).toBe(false);
  });

  it('emptying the box clears the discount without asking the server', async () => {
    const calls = checkoutServer({ coupon: () => tenPercent });
    storeCart(FULL_CART);
    const { store } = renderShop('/checkout');
    type('Email', 'achieng@example.com');
    type('Coupon code (optional)', 'SAVE10');
    await findToast('Valid coupon: 10%');
    type('Coupon code (optional)', '');
    expect(store.getState().cart.coupon).toBe(false);
    expect(summaryValue('summary-total')).toBe('KSh 3,065.00');
    await pause(500);
    expect(callsTo(calls, /coupons/)).toHaveLength(1);
  });

  it('waits for an email address before checking a code', async () => {
    const calls = checkoutServer({ coupon: () => tenPercent });
    storeCart(FULL_CART);
    renderShop('/checkout');
    type('Coupon code (optional)', 'SAVE10');
    expect(screen.getByText('Enter your email address above to check this coupon.')).toBeTruthy();
    await pause(500);
    expect(callsTo(calls, /coupons/)).toEqual([]);
    type('Email', 'achieng@example.com');
    await findToast('Valid coupon: 10%');
    expect(callsTo(calls, /coupons/)).toHaveLength(1);
  });
});

describe('CheckoutPage: Shwari Points', () => {
  const points = () => screen.getByRole('spinbutton', { name: 'Points to redeem' });
  const redeem = (value: string) => {
    fireEvent.change(points(), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
  };

  it('shows the balance and refuses zero, a negative number and more than the balance with the spec messages', async () => {
    checkoutServer({ profile: PROFILE });
    storeSession();
    storeCart(FULL_CART);
    const { store } = renderShop('/checkout');
    expect((await screen.findByTestId('points-balance')).textContent).toBe('150');

    redeem('0');
    await findToast('Please enter a valid number of points to redeem.');
    expect(describedText(points())).toBe('Please enter a valid number of points to redeem.');
    redeem('-5');
    expect(describedText(points())).toBe('Please enter a valid number of points to redeem.');
    redeem('200');
    await findToast('You cannot redeem more points than available.');
    expect(describedText(points())).toBe('You cannot redeem more points than available.');
    expect(store.getState().cart.redeemedPoints).toBe(0);

    redeem('100');
    expect(store.getState().cart.redeemedPoints).toBe(100);
    expect(screen.getByTestId('points-applied').textContent).toBe('100 points applied');
    expect(within(summary()).getByText('Shwari Points (100)')).toBeTruthy();
    expect(summaryValue('summary-points')).toBe('−KSh 100.00');
    expect(summaryValue('summary-total')).toBe('KSh 2,965.00');
    expect(localStorage.getItem('redeemedPoints')).toBe('100');

    // Points add up, never past the balance.
    redeem('60');
    expect(describedText(points())).toBe('You cannot redeem more points than available.');
    redeem('50');
    expect(store.getState().cart.redeemedPoints).toBe(150);
    expect(summaryValue('summary-total')).toBe('KSh 2,915.00');

    fireEvent.click(screen.getByRole('button', { name: 'Remove points' }));
    expect(store.getState().cart.redeemedPoints).toBe(0);
    expect(summaryValue('summary-points')).toBeNull();
    expect(summaryValue('summary-total')).toBe('KSh 3,065.00');
  });

  it('never takes the total below the minimum order', async () => {
    checkoutServer({ profile: PROFILE });
    storeSession();
    storeCart(EDGE_CART);
    const { store } = renderShop('/checkout');
    await screen.findByTestId('points-balance');
    // KSh 1,945.00: at most 15 points.
    redeem('20');
    await findToast('You can use at most 15 more points on this order, so it stays at the minimum order of KSh 1,930.00.');
    expect(store.getState().cart.redeemedPoints).toBe(0);
    redeem('15');
    expect(summaryValue('summary-total')).toBe('KSh 1,930.00');
    expect(within(summary()).queryByText('Minimum order amount is 1930')).toBeNull();
    redeem('1');
    expect(describedText(points())).toBe('No more points can be used on this order: it is at the minimum order of KSh 1,930.00.');
  });

  it('points kept from before that no longer fit the order are brought down to what fits', async () => {
    checkoutServer({ profile: PROFILE });
    storeSession();
    storeCart(EDGE_CART);
    localStorage.setItem('redeemedPoints', '100');
    const { store } = renderShop('/checkout');
    await screen.findByTestId('points-balance');
    await waitFor(() => expect(store.getState().cart.redeemedPoints).toBe(15));
    expect(summaryValue('summary-total')).toBe('KSh 1,930.00');
  });

  it('shows the points a paid order earns: 1 per KSh 100', async () => {
    checkoutServer({ profile: PROFILE });
    storeSession();
    storeCart(FULL_CART);
    renderShop('/checkout');
    await screen.findByTestId('points-balance');
    expect(
      within(summary()).getByText('You will earn 30 Shwari Points when this order is paid (1 point per KSh 100.00 paid).'),
    ).toBeTruthy();
    expect(within(summary()).getByText('Free shipping countrywide')).toBeTruthy();
  });
});
