import { createShopStore } from '../store';
import { api } from '../api';
import { lineAdded, pointsRedeemed } from '../cart/cartSlice';
import { CUSTOMER_OWNED_KEYS, STORAGE_KEYS } from '../storageKeys';
import { selectCustomerName, signedIn, signedOut } from './sessionSlice';

beforeEach(() => localStorage.clear());

it('keeps the session under the spec keys and restores it on a new store', () => {
  const store = createShopStore();
  store.dispatch(signedIn({ token: 'tok', name: 'Juma Otieno', email: 'juma@example.com' }));
  expect(localStorage.getItem('customer_token')).toBe('tok');
  expect(localStorage.getItem('customer_name')).toBe('Juma Otieno');
  expect(localStorage.getItem('customer_email')).toBe('juma@example.com');
  expect(selectCustomerName(createShopStore().getState())).toBe('Juma Otieno');
  store.dispatch(signedOut());
  expect(localStorage.getItem('customer_token')).toBeNull();
  expect(localStorage.getItem('customer_name')).toBeNull();
});

it('sends the token as a bearer and signs out when a call answers 401', async () => {
  const seen: Array<string | null> = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
    seen.push((input as Request).headers.get('authorization'));
    return new Response(JSON.stringify({ message: 'Unauthenticated.' }), { status: 401, headers: { 'content-type': 'application/json' } });
  });
  const probe = api.injectEndpoints({
    endpoints: (build) => ({ probeProfile: build.query<unknown, void>({ query: () => 'get-profile' }) }),
    overrideExisting: true,
  });
  const store = createShopStore();
  store.dispatch(signedIn({ token: 'expired', name: 'Juma', email: 'j@example.com' }));
  await store.dispatch(probe.endpoints.probeProfile.initiate());
  expect(seen).toEqual(['Bearer expired']);
  expect(store.getState().session.token).toBeNull();
  expect(localStorage.getItem('customer_token')).toBeNull();
});

describe("signing out forgets the customer's things", () => {
  const PREFILL = { first_name: 'Juma', last_name: 'Otieno', phone: '0712345678', email: 'juma@example.com', street: 'Waiyaki Way 14' };

  function storeCustomerThings(): void {
    localStorage.setItem('checkout', JSON.stringify(PREFILL));
    localStorage.setItem('pending_order', JSON.stringify({ id: 7, order_number: 'SH-00007', payment_key: 'secret-7' }));
    localStorage.setItem('order_id', JSON.stringify({ id: 7, order_number: 'SH-00007' }));
    localStorage.setItem('payment_token', 'dpo-token');
    localStorage.setItem('redeemedPoints', '40');
    localStorage.setItem('wishlists', JSON.stringify([{ id: 9 }]));
    sessionStorage.setItem('chat_session_id', '4b1e2f9a-0c1d-4e5f-8a9b-0c1d2e3f4a5b');
    sessionStorage.setItem('chat_conversation', '{"entries":[]}');
  }

  const customerKeys = () =>
    ['checkout', 'pending_order', 'order_id', 'payment_token', 'redeemedPoints'].map((key) => localStorage.getItem(key));

  afterEach(() => {
    jest.restoreAllMocks();
    sessionStorage.clear();
  });

  it("every key listed as the customer's is one the store kit declares, and the cart and wishlist are not among them", () => {
    for (const key of CUSTOMER_OWNED_KEYS) expect(Object.values(STORAGE_KEYS)).toContain(key);
    expect(CUSTOMER_OWNED_KEYS).not.toContain(STORAGE_KEYS.cart);
    expect(CUSTOMER_OWNED_KEYS).not.toContain(STORAGE_KEYS.wishlist);
  });

  it('on a 401: the prefill, the unpaid order (cancelled with its key), points, payment and conversation go; cart and wishlist stay', async () => {
    storeCustomerThings();
    const calls: Array<{ url: string; body: unknown }> = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      calls.push({ url: request.url, body: request.method === 'POST' ? JSON.parse(await request.text()) : null });
      return new Response(JSON.stringify({ message: 'Unauthenticated.' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    });
    const probe = api.injectEndpoints({
      endpoints: (build) => ({ probeOrders: build.query<unknown, void>({ query: () => 'orders' }) }),
      overrideExisting: true,
    });
    const store = createShopStore();
    store.dispatch(signedIn({ token: 'expired', name: 'Juma', email: 'juma@example.com' }));
    store.dispatch(
      lineAdded({
        id: 3,
        name: 'Unga 2kg',
        slug: 'unga-2kg',
        image: '',
        unit: '2kg',
        price: 230,
        offer: null,
        limit: { minimum_quantity: 1, maximum_quantity: 10 },
      }),
    );
    expect(store.getState().cart.redeemedPoints).toBe(40);

    await store.dispatch(probe.endpoints.probeOrders.initiate());

    expect(store.getState().session.token).toBeNull();
    expect(customerKeys()).toEqual([null, null, null, null, null]);
    expect(sessionStorage.getItem('chat_session_id')).toBeNull();
    expect(sessionStorage.getItem('chat_conversation')).toBeNull();
    expect(store.getState().cart.redeemedPoints).toBe(0);
    expect(Object.keys(store.getState().api.queries)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the cancel call is not awaited by the sign-out
    expect(calls).toContainEqual({ url: 'http://localhost/api/site/orders/7/cancel', body: { payment_key: 'secret-7' } });
    expect(store.getState().cart.items.map((line) => line.id)).toEqual([3]);
    expect(localStorage.getItem('wishlists')).toBe('[{"id":9}]');
  });

  it('when another tab signs out, this tab forgets the points and cached answers too', () => {
    const store = createShopStore();
    store.dispatch(signedIn({ token: 'tok', name: 'Juma', email: 'juma@example.com' }));
    store.dispatch(pointsRedeemed(25));
    localStorage.removeItem('customer_token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'customer_token', oldValue: 'tok', newValue: null }));
    expect(store.getState().session.token).toBeNull();
    expect(store.getState().cart.redeemedPoints).toBe(0);
  });

  it('signing in keeps what a guest typed at checkout', () => {
    storeCustomerThings();
    localStorage.removeItem('pending_order');
    const store = createShopStore();
    store.dispatch(signedIn({ token: 'tok', name: 'Juma', email: 'juma@example.com' }));
    expect(JSON.parse(localStorage.getItem('checkout') ?? 'null')).toEqual(PREFILL);
    expect(store.getState().cart.redeemedPoints).toBe(40);
  });
});
