import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES } from '@shop/api-types';
import { mockApi, resetShopState, respond } from '@shop/store-kit/src/testing';
import { currentPath, HOME_ADDRESS, POINTS, PROFILE, renderAccount, storedSession, storeSession, TOKEN } from '../testFixtures';

// Screens wait for real (mocked) fetches; allow for a busy CI machine.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  resetShopState();
  localStorage.clear();
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
