import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES } from '@shop/api-types';
import { mockApi, resetShopState, respond } from '@shop/store-kit/testing';
import { currentPath, HOME_ADDRESS, POINTS, PROFILE, renderAccount, storedSession, storeSession, TOKEN } from '../testFixtures';

afterEach(() => {
  resetShopState();
  localStorage.clear();
  sessionStorage.clear();
});

const signedOutSession = { token: null, name: null, email: null };

describe('ProfileArea', () => {
  it('without a token redirects to /login and asks the server nothing', () => {
    const fetchSpy = mockApi({ 'GET /get-profile': () => PROFILE });
    renderAccount('/profile/my-account');
    expect(currentPath()).toBe('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('/profile opens My Account', async () => {
    storeSession();
    mockApi({ 'GET /get-profile': () => PROFILE });
    renderAccount('/profile');
    expect(await screen.findByRole('heading', { name: 'Edit Your Profile' })).toBeTruthy();
    expect(currentPath()).toBe('/profile/my-account');
  });

  it('sends the stored token as a bearer token', async () => {
    storeSession();
    const authorizations: Array<string | null> = [];
    mockApi({
      'GET /get-profile': (request) => {
        authorizations.push(request.headers.get('authorization'));
        return PROFILE;
      },
    });
    renderAccount('/profile/my-account');
    await screen.findByRole('heading', { name: 'Edit Your Profile' });
    expect(authorizations).toEqual([`Bearer ${TOKEN}`]);
  });

  it('a 401 from /get-profile signs out: the token leaves local storage and the page is /login', async () => {
    storeSession('tok_expired');
    mockApi({ 'GET /get-profile': () => respond(401, { message: ACCOUNT_MESSAGES.unauthenticated }) });
    const { store } = renderAccount('/profile/my-account');
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(storedSession()).toEqual(signedOutSession);
    expect(store.getState().session.token).toBeNull();
  });

  it('a 401 on the addresses page also signs out and lands on /login', async () => {
    storeSession('tok_revoked');
    mockApi({ 'GET /addresses': () => respond(401, { message: ACCOUNT_MESSAGES.unauthenticated }) });
    renderAccount('/profile/addresses');
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(localStorage.getItem('customer_token')).toBeNull();
  });

  it('the sidebar links My Account, Addresses and Shwari Points, and has Log Out', async () => {
    storeSession();
    mockApi({ 'GET /get-profile': () => PROFILE, 'GET /addresses': () => [HOME_ADDRESS], 'GET /points': () => POINTS });
    renderAccount('/profile/my-account');
    const sidebar = screen.getByRole('navigation', { name: 'My account' });
    expect(within(sidebar).getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/profile/my-account');
    expect(within(sidebar).getByRole('link', { name: 'Addresses' }).getAttribute('href')).toBe('/profile/addresses');
    expect(within(sidebar).getByRole('link', { name: 'Shwari Points' }).getAttribute('href')).toBe('/profile/points');
    expect(within(sidebar).getByRole('button', { name: 'Log Out' })).toBeTruthy();
    expect(within(sidebar).getByRole('link', { name: 'My Account' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(sidebar).getByRole('link', { name: 'Addresses' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Addresses' })).toBeTruthy();
    expect(currentPath()).toBe('/profile/addresses');
    expect(within(sidebar).getByRole('link', { name: 'Addresses' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(sidebar).getByRole('link', { name: 'Shwari Points' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shwari Points' })).toBeTruthy();
    expect(currentPath()).toBe('/profile/points');
  });

  it('Log Out posts /logout with the token, clears the session keys and goes to /login', async () => {
    storeSession();
    const logouts: Array<string | null> = [];
    mockApi({
      'GET /get-profile': () => PROFILE,
      'POST /logout': (request) => {
        logouts.push(request.headers.get('authorization'));
        return { message: ACCOUNT_MESSAGES.loggedOut };
      },
    });
    renderAccount('/profile/my-account');
    await screen.findByRole('heading', { name: 'Edit Your Profile' });
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(currentPath()).toBe('/login');
    expect(await screen.findByText('You have been logged out.')).toBeTruthy();
    expect(logouts).toEqual([`Bearer ${TOKEN}`]);
    expect(storedSession()).toEqual(signedOutSession);
  });

  it("Log Out forgets the customer's checkout details, unpaid order, points and assistant conversation; the cart stays", async () => {
    storeSession();
    const details = {
      first_name: 'Juma',
      last_name: 'Otieno',
      phone: '0712345678',
      email: 'customer@example.com',
      street: 'Waiyaki Way 14',
      order_notes: 'Call at the gate',
    };
    localStorage.setItem('checkout', JSON.stringify(details));
    localStorage.setItem('pending_order', JSON.stringify({ id: 41, order_number: 'SH-00041', payment_key: 'key-41' }));
    localStorage.setItem('order_id', JSON.stringify({ id: 41, order_number: 'SH-00041' }));
    localStorage.setItem('redeemedPoints', '50');
    const cart = [
      {
        id: 3,
        name: 'Mlima Gold Maize Meal 2kg',
        slug: 'mlima-gold-2kg',
        image: '',
        unit: '2kg',
        price: 230,
        offer: null,
        limit: null,
        quantity: 2,
        product_total: 460,
      },
    ];
    localStorage.setItem('cart', JSON.stringify(cart));
    sessionStorage.setItem('chat_session_id', '4b1e2f9a-0c1d-4e5f-8a9b-0c1d2e3f4a5b');
    sessionStorage.setItem(
      'chat_conversation',
      JSON.stringify({ entries: [{ id: 1, from: 'shopper', text: 'Deliver to Waiyaki Way 14' }] }),
    );
    const cancelled: unknown[] = [];
    mockApi({
      'GET /get-profile': () => PROFILE,
      'POST /logout': () => ({ message: ACCOUNT_MESSAGES.loggedOut }),
      'POST /site/orders/41/cancel': async (request) => {
        cancelled.push(JSON.parse(await request.text()));
        return { message: 'Order cancelled.' };
      },
    });
    const { store } = renderAccount('/profile/my-account');
    await screen.findByRole('heading', { name: 'Edit Your Profile' });
    expect(store.getState().cart.redeemedPoints).toBe(50);
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(currentPath()).toBe('/login'));

    for (const key of ['checkout', 'pending_order', 'order_id', 'redeemedPoints']) expect(localStorage.getItem(key)).toBeNull();
    expect(sessionStorage.getItem('chat_session_id')).toBeNull();
    expect(sessionStorage.getItem('chat_conversation')).toBeNull();
    expect(store.getState().cart.redeemedPoints).toBe(0);
    // The unpaid order is released at once, with its key (the token is already revoked).
    await waitFor(() => expect(cancelled).toEqual([{ payment_key: 'key-41' }]));
    // No answer of the customer's is left in the cache for the next person.
    expect(Object.keys(store.getState().api.queries)).toEqual([]);
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toHaveLength(1);
    expect(store.getState().cart.items.map((line) => line.id)).toEqual([3]);
  });

  it('Log Out still signs out in this browser when the server call fails', async () => {
    storeSession();
    mockApi({ 'GET /get-profile': () => PROFILE, 'POST /logout': () => respond(500, { message: 'Server Error' }) });
    renderAccount('/profile/my-account');
    await screen.findByRole('heading', { name: 'Edit Your Profile' });
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(storedSession()).toEqual(signedOutSession);
  });

  it('an unknown /profile path shows the NotFound page inside the account area', async () => {
    storeSession();
    mockApi({});
    renderAccount('/profile/nothing-here');
    expect(screen.getByRole('heading', { level: 1, name: 'NotFound' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'My account' })).toBeTruthy();
  });
});
