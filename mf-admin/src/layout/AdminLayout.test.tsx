import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi, resetShopState, respond } from '@shop/store-kit/testing';
import { LOGIN_MESSAGES } from '../auth/LoginPage';
import { currentPath, renderAdmin, STAFF_CSRF, storeAdminSession, storedAdminSession } from '../testUtils';

jest.mock('@ant-design/charts', () => ({ Column: () => null, Line: () => null }));
afterEach(() => resetShopState());

const quietDashboard = {
  'GET /admin/dashboard/depot': () => ({ labels: [], data: [], color: [] }),
  'GET /admin/dashboard/statusReport': () => ({ labels: [], data: [], color: [] }),
  'GET /admin/dashboard/revenueChart': () => ({ labels: [], data: [] }),
  'GET /admin/dashboard/monthlySalesTotal': () => ({ labels: [], datasets: [] }),
  'GET /admin/dashboard/today': () => ({ orders_today: 0, revenue_today: 0, pending_payments: 0, pending_payments_value: 0 }),
};

const sidebar = () => screen.getByRole('navigation', { name: 'Back office' });

describe('back-office layout', () => {
  it('sends a visitor without an admin token to /admin/login', async () => {
    mockApi({});
    renderAdmin('/admin/orders');
    await screen.findByRole('heading', { name: 'Back office login' });
    expect(currentPath()).toBe('/admin/login');
  });

  it('shows the sidebar exactly as the spec groups it, the title, the staff name and the Admin label', async () => {
    storeAdminSession();
    mockApi(quietDashboard);
    renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Dashboard | Shwari Back Office'));
    const menu = sidebar();
    // Top level, in order: the two groups are submenus.
    const topLevel = [...menu.querySelectorAll(':scope > ul > li')].map(
      (item) => item.querySelector('.shop-admin-menu-title-content')?.textContent ?? '',
    );
    expect(topLevel.filter(Boolean)).toEqual([
      'Dashboard',
      'Products',
      'Coupons',
      'Orders',
      'Customers',
      'Reports',
      'Settings',
      'Administration',
      'Audit log',
      'Versions',
      'Log Out',
    ]);
    const link = (name: string) =>
      within(menu)
        .getAllByRole('link', { name })
        .map((element) => element.getAttribute('href'));
    const productsGroup = menu.querySelector('li.shop-admin-menu-submenu') as HTMLElement;
    expect(
      within(productsGroup)
        .getAllByRole('link')
        .map((element) => element.textContent),
    ).toEqual(['Categories', 'Products', 'Brands', 'Search synonyms']);
    const reportsGroup = menu.querySelectorAll('li.shop-admin-menu-submenu')[1] as HTMLElement;
    expect(
      within(reportsGroup)
        .getAllByRole('link')
        .map((element) => [element.textContent, element.getAttribute('href')]),
    ).toEqual([
      ['Category', '/admin/reports/category'],
      ['Products', '/admin/reports/products'],
      ['Orders', '/admin/reports/orders'],
      ['Revenue', '/admin/reports/revenue'],
    ]);
    expect(link('Administration')).toEqual(['/admin/users']);
    expect(link('Settings')).toEqual(['/admin/settings']);
    expect(link('Audit log')).toEqual(['/admin/audit']);
    expect(link('Versions')).toEqual(['/admin/versions']);
    expect(screen.getByText('Amina Wanjiru')).toBeTruthy();
    expect(screen.getByText('Admin')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Search the back office' })).toBeTruthy();
  });

  it('Log Out posts /api/admin/logout with the CSRF token, forgets the session and opens /admin/login', async () => {
    storeAdminSession();
    localStorage.setItem('customer_token', 'a-shopper-on-this-computer');
    const logouts: string[] = [];
    mockApi({
      ...quietDashboard,
      'POST /admin/logout': (request) => {
        logouts.push(request.headers.get('x-csrf-token') ?? '');
        return { message: 'Logged out.' };
      },
    });
    renderAdmin('/admin/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    fireEvent.click(within(sidebar()).getByText('Log Out'));
    await screen.findByRole('heading', { name: 'Back office login' });
    expect(currentPath()).toBe('/admin/login');
    expect(logouts).toEqual([STAFF_CSRF]);
    expect(storedAdminSession()).toBeNull();
    // The spec cleared the customer keys here by mistake; a shopper's session is not ours to end.
    expect(localStorage.getItem('customer_token')).toBe('a-shopper-on-this-computer');
  });

  it('a 401 on any admin call forgets the session and goes back to /admin/login', async () => {
    storeAdminSession();
    mockApi({ ...quietDashboard, 'GET /admin/dashboard/depot': () => respond(401, { message: 'Unauthenticated.' }) });
    renderAdmin('/admin/dashboard');
    await screen.findByRole('heading', { name: 'Back office login' });
    expect(currentPath()).toBe('/admin/login');
    expect(storedAdminSession()).toBeNull();
    expect(screen.getByText(LOGIN_MESSAGES.expired)).toBeTruthy();
  });

  it("a 403 signs out and says 'Your account cannot use the back office.'", async () => {
    storeAdminSession();
    mockApi({
      'GET /admin/orders\\?.*': () => respond(403, { message: 'This action is unauthorized.' }),
      'GET /admin/order-statuses': () => [],
    });
    renderAdmin('/admin/orders');
    expect(await screen.findByText(LOGIN_MESSAGES.forbidden)).toBeTruthy();
    expect(currentPath()).toBe('/admin/login');
    expect(storedAdminSession()).toBeNull();
  });

  it('any other /admin path shows the NotFound page with its title', async () => {
    storeAdminSession();
    mockApi({});
    renderAdmin('/admin/no-such-page');
    expect(await screen.findByText('The page you asked for is not here.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'NotFound' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('NotFound | Shwari Back Office'));
  });

  it('breadcrumbs start at Dashboard', async () => {
    storeAdminSession();
    mockApi({ 'GET /admin/coupons': () => [] });
    renderAdmin('/admin/coupons');
    await screen.findByText('No Coupons');
    const crumbs = document.querySelector('.shop-admin-breadcrumb') as HTMLElement;
    expect(crumbs.textContent).toBe('Dashboard/Coupons');
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/admin/dashboard');
  });
});
