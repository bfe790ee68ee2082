import { fireEvent, screen } from '@testing-library/react';
import type { AdminCustomerDetail } from '@shop/api-types';
import { mockApi, resetShopState } from '@shop/store-kit/testing';
import { STATUSES, customer, customerOrder, page } from '../testFixtures';
import { cellTexts, headerTexts, query, renderAdmin, storeAdminSession, tableRows } from '../testUtils';

beforeEach(() => storeAdminSession());
afterEach(() => resetShopState());

describe('customers', () => {
  it('lists #, name (linked), email, phone, order count and View only; pages through 15 at a time', async () => {
    const queries: Array<Record<string, string>> = [];
    mockApi({
      'GET /admin/customers\\?.*': (request) => {
        queries.push(query(request));
        const current = Number(query(request).page);
        return page([customer(current === 1 ? 1 : 16)], current, 2, 16);
      },
    });
    renderAdmin('/admin/customers');
    await screen.findByRole('link', { name: 'Juma Otieno' });
    expect(queries[0]).toEqual({ page: '1', per_page: '15' });
    expect(headerTexts()).toEqual(['#', 'Name', 'Email', 'Phone', 'Orders', 'Action']);
    expect(cellTexts(tableRows()[0]!)).toEqual(['1', 'Juma Otieno', 'customer1@example.com', '0712345678', '3', 'Action']);
    expect(screen.getByRole('link', { name: 'Juma Otieno' }).getAttribute('href')).toBe('/admin/customer/1');
    fireEvent.click(screen.getByRole('button', { name: 'Action: Juma Otieno' }));
    expect(await screen.findByText('View')).toBeTruthy();
    // The spec's Edit and Archive did nothing: not shown.
    expect(screen.queryByText('Archive')).toBeNull();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    expect(queries.at(-1)).toEqual({ page: '2', per_page: '15' });
    expect(cellTexts(tableRows()[0]!)[0]).toBe('16');
  });

  it("says 'No Customers' when there are none", async () => {
    mockApi({ 'GET /admin/customers\\?.*': () => page([], 1, 1, 0) });
    renderAdmin('/admin/customers');
    expect(await screen.findByText('No Customers')).toBeTruthy();
  });

  it('the customer page shows initials without a photo, contact, points balance and orders with View', async () => {
    const detail: AdminCustomerDetail = {
      ...customer(1, { loyalty_points: { current_balance: 1250 } }),
      orders: [customerOrder(10, { status: STATUSES[4]! })],
    };
    mockApi({ 'GET /admin/customers/view/1': () => detail });
    renderAdmin('/admin/customer/1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Juma Otieno' })).toBeTruthy();
    expect(screen.getByText('JO')).toBeTruthy();
    expect(screen.getByText('customer1@example.com')).toBeTruthy();
    expect(screen.getByText('1,250')).toBeTruthy();
    expect(cellTexts(tableRows()[0]!)).toEqual(['SHW-1010', '2', 'KSh 2,350.00', '12 Jan 2026', 'Delivered', 'View']);
    expect(screen.getByRole('link', { name: 'View order SHW-1010' }).getAttribute('href')).toBe('/admin/orders/10');
  });
});
