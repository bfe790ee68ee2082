import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi, resetShopState } from '@shop/store-kit/testing';
import { currentPath, jsonBody, renderAdmin, staffLogin, STAFF_CSRF, storeAdminSession, storedAdminSession } from '../testUtils';
import { LOGIN_MESSAGES } from './LoginPage';

jest.mock('@ant-design/charts', () => ({ Column: () => null, Line: () => null }));
afterEach(() => resetShopState());

const quietDashboard = {
  'GET /admin/dashboard/depot': () => ({ labels: [], data: [], color: [] }),
  'GET /admin/dashboard/statusReport': () => ({ labels: [], data: [], color: [] }),
  'GET /admin/dashboard/revenueChart': () => ({ labels: [], data: [] }),
  'GET /admin/dashboard/monthlySalesTotal': () => ({ labels: [], datasets: [] }),
  'GET /admin/dashboard/today': () => ({ orders_today: 0, revenue_today: 0, pending_payments: 0, pending_payments_value: 0 }),
};

const fillIn = (email: string, password: string) => {
  fireEvent.change(screen.getByLabelText('Username or email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
};
const logIn = () => fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

describe('admin login', () => {
  it("is the page's main landmark, its heading inside it (a screen reader jumps straight to the form)", async () => {
    mockApi({});
    renderAdmin('/admin/login');
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Back office login' })).toBeTruthy();
    expect(within(main).getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

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

  it('a staff login posts {email, password, remember} to /api/admin/session and opens the dashboard; no token is kept by the page', async () => {
    const bodies: unknown[] = [];
    const credentials: string[] = [];
    mockApi({
      'POST /admin/session': async (request) => {
        bodies.push(await jsonBody(request));
        credentials.push(request.credentials);
        return staffLogin('staff');
      },
      ...quietDashboard,
    });
    renderAdmin('/admin/login');
    await screen.findByRole('heading', { name: 'Back office login' });
    fillIn(' admin@shwarimills.co.ke ', 'Staff@123456');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    logIn();
    await waitFor(() => expect(currentPath()).toBe('/admin/dashboard'));
    expect(bodies).toEqual([{ email: 'admin@shwarimills.co.ke', password: 'Staff@123456', remember: true }]);
    // The browser keeps the HttpOnly session cookie the server set; the page stores nothing of it.
    expect(credentials).toEqual(['same-origin']);
    expect(Object.keys(localStorage)).toEqual([]);
    expect(document.cookie).not.toContain('tok_');
    expect(await screen.findByText('Amina Wanjiru')).toBeTruthy();
    // The customer's keys are someone else's: untouched.
    expect(localStorage.getItem('customer_token')).toBeNull();
  });

  it("refuses a customer account with 'This account cannot use the back office.' and stores nothing", async () => {
    const fetchSpy = mockApi({ 'POST /admin/session': () => staffLogin('customer') });
    renderAdmin('/admin/login');
    await screen.findByRole('heading', { name: 'Back office login' });
    fillIn('customer@example.com', 'Customer@123');
    logIn();
    expect(await screen.findByText(LOGIN_MESSAGES.notStaff)).toBeTruthy();
    expect(currentPath()).toBe('/admin/login');
    expect(storedAdminSession()).toBeNull();
    // The server issued no token for a customer: nothing to revoke.
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('shows the server message for wrong credentials', async () => {
    mockApi({
      'POST /admin/session': () => ({
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
    expect(storedAdminSession()).toBeNull();
  });

  it('redirects to the dashboard when a staff session is signed in already (the page cookie)', async () => {
    storeAdminSession();
    mockApi({});
    renderAdmin('/admin/login');
    await waitFor(() => expect(currentPath()).toBe('/admin/dashboard'));
  });

  it('sends the session CSRF token on non-GET calls only, and no bearer token', async () => {
    storeAdminSession();
    const seen: Array<{ method: string; csrf: string | null; authorization: string | null }> = [];
    const record = (request: Request) =>
      seen.push({ method: request.method, csrf: request.headers.get('x-csrf-token'), authorization: request.headers.get('authorization') });
    const recorded = Object.fromEntries(
      Object.entries(quietDashboard).map(([route, answer]) => [
        route,
        (request: Request) => {
          record(request);
          return answer();
        },
      ]),
    );
    mockApi({
      ...recorded,
      'POST /admin/logout': (request) => {
        record(request);
        return { message: 'Logged out.' };
      },
    });
    renderAdmin('/admin/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Back office' })).getByText('Log Out'));
    await screen.findByRole('heading', { name: 'Back office login' });
    expect(seen.filter((call) => call.method === 'GET').every((call) => call.csrf === null && call.authorization === null)).toBe(true);
    expect(seen.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', csrf: STAFF_CSRF, authorization: null }]);
  });
});
