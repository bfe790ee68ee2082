import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi, resetShopState } from '@shop/store-kit/testing';
import { page } from '../testFixtures';
import { cellTexts, headerTexts, query, renderAdmin, storeAdminSession, tableRows } from '../testUtils';

beforeEach(() => storeAdminSession());
afterEach(() => resetShopState());

it('settings shows the minimum order, the points rule and free delivery, set in configuration', async () => {
  mockApi({});
  renderAdmin('/admin/settings');
  expect(await screen.findByText('KSh 1,930.00 after discounts')).toBeTruthy();
  expect(screen.getByText('1 point per KSh 100 paid')).toBeTruthy();
  expect(screen.getByText('Free delivery across Kenya')).toBeTruthy();
  expect(screen.getByText(/set in the services' configuration/)).toBeTruthy();
});

it('the audit log shows when, who, action and summary per service, and switches area', async () => {
  const calls: string[] = [];
  mockApi({
    'GET /admin/audit/(catalog|customers|orders)\\?.*': (request) => {
      calls.push(`${new URL(request.url).pathname}?page=${query(request).page}`);
      return page([
        {
          id: 1,
          actor: { id: 1, name: 'Amina Wanjiru' },
          action: 'product.updated',
          entity: 'product',
          entity_id: 7,
          summary: 'Updated Jogoo Maize Meal 2kg (published)',
          created_at: '2026-01-12T09:30:00.000Z',
        },
      ]);
    },
  });
  renderAdmin('/admin/audit');
  await screen.findByText('Updated Jogoo Maize Meal 2kg (published)');
  expect(headerTexts()).toEqual(['When', 'Who', 'Action', 'Summary']);
  expect(cellTexts(tableRows()[0]!).slice(1)).toEqual(['Amina Wanjiru', 'product.updated', 'Updated Jogoo Maize Meal 2kg (published)']);
  fireEvent.click(screen.getByText('Orders and coupons'));
  await waitFor(() => expect(calls).toEqual(['/api/admin/audit/catalog?page=1', '/api/admin/audit/orders?page=1']));
});
