/** @jest-environment-options {"timeZone": "America/New_York"} */
// A browser far from Kenya: coupon validity is Kenyan days, stored as midnight in Nairobi.
import { fireEvent, screen, within } from '@testing-library/react';
import { mockApi, resetShopState } from '@shop/store-kit/testing';
import { coupon } from '../testFixtures';
import { cellTexts, jsonBody, renderAdmin, storeAdminSession, tableRows, findToast } from '../testUtils';
import { ADMIN_MESSAGES } from '@shop/api-types';

beforeEach(() => storeAdminSession());
afterEach(() => resetShopState());

// 1 Nov 2026 00:00 and 30 Nov 2026 23:59:59 in Nairobi, as the orders service answers them.
const NOVEMBER = { valid_from: '2026-10-31T21:00:00.000Z', valid_to: '2026-11-30T20:59:59.000Z' };

it('runs in New York', () => {
  expect(new Date('2026-11-01T00:00:00Z').getTimezoneOffset()).toBe(240);
});

it('a coupon from 1 Nov to 30 Nov 2026 shows those days in the list and in the edit form, and is saved with the same days', async () => {
  const bodies: unknown[] = [];
  mockApi({
    'GET /admin/coupons': () => [coupon(NOVEMBER)],
    'POST /admin/coupons/update/3': async (request) => {
      bodies.push(await jsonBody(request));
      return { message: 'ok', coupon: coupon(NOVEMBER) };
    },
  });
  renderAdmin('/admin/coupons');
  await screen.findByRole('link', { name: 'Karibu' });
  expect(cellTexts(tableRows()[0]!)[3]).toBe('1 Nov 2026 – 30 Nov 2026');

  fireEvent.click(screen.getByRole('button', { name: 'Action: Karibu' }));
  fireEvent.click(await screen.findByText('Edit'));
  await screen.findByText('Edit Coupon');
  const dialog = screen.getByRole('dialog');
  const [start, end] = [...dialog.querySelectorAll<HTMLInputElement>('.shop-admin-picker-range input')];
  expect([start?.value, end?.value]).toEqual(['2026-11-01', '2026-11-30']);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Update Coupon' }));
  await findToast(ADMIN_MESSAGES.couponUpdated);
  expect(bodies[0]).toMatchObject({ valid_from: '2026-11-01', valid_to: '2026-11-30', date: '2026-11-01 - 2026-11-30' });
});
