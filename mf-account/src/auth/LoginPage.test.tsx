import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ACCOUNT_MESSAGES } from '@shop/api-types';
import { mockApi, resetShopState, respond } from '@shop/store-kit/testing';
import { currentPath, jsonBody, loginAnswer, PROFILE, renderAccount, storedSession, storeSession, TOKEN } from '../testFixtures';

afterEach(() => {
  resetShopState();
  localStorage.clear();
});

function fillIn(email: string, password: string): void {
  fireEvent.change(screen.getByRole('textbox', { name: 'Email address' }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
}

const logIn = () => fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

describe('LoginPage', () => {
  it('shows email, password, remember me and the links to forgot password and register', () => {
    mockApi({});
    renderAccount('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeTruthy();
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).type).toBe('password');
    expect((screen.getByRole('checkbox', { name: 'Remember me for 30 days' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('link', { name: 'Lost your password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
  });

  it("posts {email, password, remember: false}; success stores token, 'First Last' and email and opens /profile/my-account", async () => {
    const bodies: unknown[] = [];
    mockApi({
      'POST /login': async (request) => {
        bodies.push(await jsonBody(request));
        return loginAnswer();
      },
      'GET /get-profile': () => PROFILE,
    });
    renderAccount('/login');
    fillIn('customer@example.com', 'Customer@123');
    logIn();

    // The account page opens and greets the customer.
    expect(await screen.findByRole('heading', { name: 'Edit Your Profile' })).toBeTruthy();
    expect(currentPath()).toBe('/profile/my-account');
    expect(bodies).toEqual([{ email: 'customer@example.com', password: 'Customer@123', remember: false }]);
    expect(storedSession()).toEqual({ token: TOKEN, name: 'Juma Otieno', email: 'customer@example.com' });
  });

  it('posts remember: true when "Remember me for 30 days" is ticked', async () => {
    const bodies: unknown[] = [];
    mockApi({
      'POST /login': async (request) => {
        bodies.push(await jsonBody(request));
        return loginAnswer();
      },
      'GET /get-profile': () => PROFILE,
    });
    renderAccount('/login');
    fillIn('customer@example.com', 'Customer@123');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me for 30 days' }));
    logIn();
    await waitFor(() => expect(currentPath()).toBe('/profile/my-account'));
    expect(bodies).toEqual([{ email: 'customer@example.com', password: 'Customer@123', remember: true }]);
  });

  it('a 422 shows the server field messages as toasts, stores nothing and stays on /login', async () => {
    mockApi({
      'POST /login': () =>
        respond(422, {
          message: 'The email field is required. (and 1 more error)',
          errors: { email: ['The email field is required.'], password: ['The password field is required.'] },
        }),
    });
    renderAccount('/login');
    logIn();
    expect(await screen.findByText('The email field is required.')).toBeTruthy();
    expect(await screen.findByText('The password field is required.')).toBeTruthy();
    expect(currentPath()).toBe('/login');
    expect(storedSession()).toEqual({ token: null, name: null, email: null });
  });

  it('wrong credentials show "These credentials do not match our records."', async () => {
    mockApi({
      'POST /login': () =>
        respond(422, { message: ACCOUNT_MESSAGES.invalidCredentials, errors: { email: [ACCOUNT_MESSAGES.invalidCredentials] } }),
    });
    renderAccount('/login');
    fillIn('customer@example.com', 'wrong-password');
    logIn();
    expect(await screen.findByText(ACCOUNT_MESSAGES.invalidCredentials)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(localStorage.getItem('customer_token')).toBeNull();
  });

  it('a staff account is refused with the back-office message and nothing is stored', async () => {
    mockApi({ 'POST /login': () => loginAnswer('staff') });
    const { store } = renderAccount('/login');
    fillIn('admin@shwarimills.co.ke', 'Admin@12345');
    logIn();
    expect(await screen.findByText('Staff accounts sign in to the back office at /admin/login.')).toBeTruthy();
    expect(currentPath()).toBe('/login');
    expect(storedSession()).toEqual({ token: null, name: null, email: null });
    expect(localStorage.getItem('admin_token')).toBeNull();
    expect(store.getState().session.token).toBeNull();
  });

  it('visiting /login with a stored token redirects to /profile/my-account', async () => {
    storeSession();
    const login = jest.fn(() => loginAnswer());
    mockApi({ 'POST /login': login, 'GET /get-profile': () => PROFILE });
    renderAccount('/login');
    expect(currentPath()).toBe('/profile/my-account');
    expect(screen.queryByRole('heading', { name: 'Login' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Edit Your Profile' })).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });
});
