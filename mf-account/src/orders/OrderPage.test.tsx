import { screen, within } from '@testing-library/react';
import type { Order } from '@shop/api-types';
import { mockApi, resetShopState } from '@shop/store-kit/testing';
import { PROFILE, renderAccount, storeSession } from '../testFixtures';

afterEach(() => {
  resetShopState();
  localStorage.clear();
});

const ORDER: Order = {
  id: 42,
  order_number: 'SH-00042',
  date: '2026-01-18T09:30:00.000Z',
  status: { id: 3, name: 'Processing', color: '#2563eb' },
  is_paid: 1,
  subtotal: 2328.5,
  discount: 0,
  points_discount: 0,
  total_amount: 2328.5,
  products_count: 3,
  order_notes: null,
  customer: { first_name: 'Juma', last_name: 'Otieno', email: 'customer@example.com', phone: '0712345678' },
  shipping_address: {
    first_name: 'Juma',
    last_name: 'Otieno',
    street_address: '124 Kiambu Road',
    apartment: 'Apartment 6B',
    town: 'Nyando',
    county: { id: 42, name: 'Kisumu' },
    sub_county: { id: 7, name: 'Nyando' },
    phone: '0712345678',
    email: 'customer@example.com',
  },
  order_items: [
    {
      id: 1,
      quantity: 2,
      price: 330,
      product: {
        id: 7,
        name: 'Pwani Bora Chapati Flour 2kg',
        price: 165,
        brand: 'Pwani Bora',
        category: 'Flour',
        unit: '2 kg',
        image: '/media/p/7.png',
      },
    },
    {
      id: 2,
      quantity: 1,
      price: 1998.5,
      product: {
        id: 9,
        name: 'Afya Bora Sorghum Porridge Flour 1kg',
        price: 1998.5,
        brand: 'Afya Bora',
        category: 'Porridge',
        unit: '1 kg',
        image: '/media/p/9.png',
      },
    },
  ],
  status_history: [{ status: { id: 1, name: 'Pending', color: '#f59e0b' }, note: 'Order placed', created_at: '2026-01-18T09:30:00.000Z' }],
};

describe('OrderPage', () => {
  it("lists the items in a table whose rows stack as cards on a phone: each value carries its column's name", async () => {
    storeSession();
    mockApi({ 'GET /get-profile': () => PROFILE, 'GET /orders/view/SH-00042': () => ORDER });
    renderAccount('/profile/order/SH-00042');
    await screen.findByRole('heading', { name: 'Order SH-00042' });

    const table = screen.getByRole('table');
    // The class orders.module.css stacks on a narrow screen (CSS modules keep their names in tests).
    expect(table.className.split(' ')).toContain('stacked');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Product', 'Unit price', 'Quantity', 'Total']);

    const rows = screen.getAllByTestId('order-item');
    expect(rows).toHaveLength(2);
    const cells = within(rows[0]!).getAllByRole('cell');
    expect(cells[0]!.textContent).toBe('Pwani Bora Chapati Flour 2kg · 2 kg');
    expect(cells[0]!.hasAttribute('data-label')).toBe(false); // the card's title
    expect(cells.slice(1).map((cell) => [cell.getAttribute('data-label'), cell.textContent])).toEqual([
      ['Unit price', 'KSh 165.00'],
      ['Quantity', '2'],
      ['Total', 'KSh 330.00'],
    ]);
  });

  it("lists the customer's orders in a table whose rows stack as cards on a phone: each value carries its column's name", async () => {
    storeSession();
    mockApi({ 'GET /get-profile': () => PROFILE, 'GET /orders': () => ({ orders: [ORDER] }) });
    renderAccount('/profile/orders');
    const row = await screen.findByTestId('order-row');
    expect(screen.getByRole('table').className.split(' ')).toContain('stacked');
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]!.textContent).toBe('SH-00042');
    expect(cells[0]!.hasAttribute('data-label')).toBe(false); // the card's title
    expect(cells.slice(1, 6).map((cell) => [cell.getAttribute('data-label'), cell.textContent])).toEqual([
      ['Products', '3'],
      ['Amount', 'KSh 2,328.50'],
      ['Date', '18 Jan 2026'],
      ['Status', 'Processing'],
      ['Payment', 'Paid'],
    ]);
    expect(
      within(cells[6]!)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/profile/order/SH-00042', '/profile/order/SH-00042#tracking']);
  });
});
