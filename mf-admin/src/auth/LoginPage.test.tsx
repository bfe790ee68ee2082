import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi, resetShopState } from '@shop/store-kit/src/testing';
import { currentPath, jsonBody, renderAdmin, staffLogin, STAFF_TOKEN, storeAdminSession, storedAdminSession } from '../testUtils';
import { LOGIN_MESSAGES } from './LoginPage';

afterEach(() => resetShopState());

const fillIn = (email: string, password: string) => {
  fireEvent.change(screen.getByLabelText('Username or email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
};
const logIn = () => fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

describe('admin login', () => {
  it('requires both fields, with a message under each, and calls nothing', async () => {
    const fetchSpy = mockApi({});
    renderAdmin('/admin/login');
    await screen.findByRole('heading', { name: 'Back office login' });
    logIn();
    expect(await screen.findByText(LOGIN_MESSAGES.identifierRequired)).toBeTruthy();
    expect(screen.getByText(LOGIN_MESSAGES.passwordRequired)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(document.title).toBe('Login | Shwari Back Office');
  });

  it('a staff login posts {email, password, remember}, stores token, name and email and opens the dashboard', async () => {
    const bodies: unknown[] = [];
    mockApi({
      'POST /login': async (request) => {
        bodies.push(await jsonBody(request));
        return staffLogin('staff');
      },
    });
    renderAdmin('/admin/login');
    await screen.findByRole('heading', { name: 'Back office login' });
    fillIn(' admin@shwarimills.co.ke ', 'Staff@123456');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    logIn();
    await waitFor(() => expect(currentPath()).toBe('/admin/dashboard'));
    expect(bodies).toEqual([{ email: 'admin@shwarimills.co.ke', password: 'Staff@123456', remember: true }]);
    expect(storedAdminSession()).toEqual({ token: STAFF_TOKEN, name: 'Amina Wanjiru', email: 'admin@shwarimills.co.ke' });
    // The customer's keys are someone else's: untouched.
    expect(localStorage.getItem('customer_token')).toBeNull();
  });

  it("refuses a customer account with 'This account cannot use the back office.' and stores nothing", async () => {
    const revoked: string[] = [];
    mockApi({
      'POST /login': () => staffLogin('customer'),
      'POST /logout': (request) => {
        revoked.push(request.headers.get('authorization') ?? '');
        return { message: 'Logged out.' };
      },
    });
    renderAdmin('/admin/login');
    await screen.findByRole('heading', { name: 'Back office login' });
    fillIn('customer@example.com', 'Customer@123');
    logIn();
    expect(await screen.findByText(LOGIN_MESSAGES.notStaff)).toBeTruthy();
    expect(currentPath()).toBe('/admin/login');
    expect(storedAdminSession().token).toBeNull();
    await waitFor(() => expect(revoked).toEqual(['Bearer tok_customer_1']));
  });

  it('shows the server message for wrong credentials', async () => {
    mockApi({
      'POST /login': () => ({
        status: 422,
        body: {
          message: 'These credentials do not match our records.',
          errors: { email: ['These credentials do not match our records.'] },
        },
      }),
    });
    renderAdmin('/admin/login');
    await screen.findByRole('heading', { name: 'Back office login' });
    fillIn('admin@shwarimills.co.ke', 'wrong');
    logIn();
    expect(await screen.findByText('These credentials do not match our records.')).toBeTruthy();
    expect(storedAdminSession().token).toBeNull();
  });

  it('redirects to the dashboard when an admin token is stored already', async () => {
    storeAdminSession();
    mockApi({});
    renderAdmin('/admin/login');
    await waitFor(() => expect(currentPath()).toBe('/admin/dashboard'));
  });
});
