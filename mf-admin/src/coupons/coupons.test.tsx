import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_MESSAGES, type AdminCouponDetail } from '@shop/api-types';
import { mockApi, resetShopState, respond } from '@shop/store-kit/testing';
import { coupon } from '../testFixtures';
import { cellTexts, findToast, headerTexts, jsonBody, renderAdmin, storeAdminSession, tableRows } from '../testUtils';

beforeEach(() => storeAdminSession());
afterEach(() => resetShopState());

const dialog = () => screen.getByRole('dialog');
const typeInto = (label: string, value: string) => fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });

function setRange(from: string, to: string): void {
  const [start, end] = [...dialog().querySelectorAll<HTMLInputElement>('.shop-admin-picker-range input')];
  fireEvent.mouseDown(start!);
  fireEvent.focus(start!);
  fireEvent.change(start!, { target: { value: from } });
  fireEvent.keyDown(start!, { key: 'Enter', code: 'Enter' });
  fireEvent.change(end!, { target: { value: to } });
  fireEvent.keyDown(end!, { key: 'Enter', code: 'Enter' });
}

describe('coupons', () => {
  it("lists #, Coupon, Discount, Valid, Redeems, Code; 'No Coupons' when empty", async () => {
    mockApi({
      'GET /admin/coupons': () => [
        coupon(),
        coupon({
          id: 4,
          name: 'Mia Mbili',
          code: 'MIA200',
          discount: { name: 'Mia mbili', discount_type: 'value', discount_percent: null, discount_value: 200 },
          usage_limit: null,
          redeems: 3,
        }),
      ],
    });
    const view = renderAdmin('/admin/coupons');
    await screen.findByRole('link', { name: 'Karibu' });
    expect(headerTexts()).toEqual(['#', 'Coupon', 'Discount', 'Valid', 'Redeems', 'Code', 'Action']);
    expect(tableRows().map((row) => cellTexts(row).slice(0, 6))).toEqual([
      ['1', 'Karibu', '10% (Karibu 10%)', '1 Jan 2026 – 31 Mar 2026', '12 / 100', 'KARIBU10'],
      ['2', 'Mia Mbili', 'KSh 200.00 (Mia mbili)', '1 Jan 2026 – 31 Mar 2026', '3', 'MIA200'],
    ]);
    view.unmount();
    resetShopState();
    storeAdminSession();
    mockApi({ 'GET /admin/coupons': () => [] });
    renderAdmin('/admin/coupons');
    expect(await screen.findByText('No Coupons')).toBeTruthy();
  });

  it('the modal requires its fields, shows 422 messages as toasts, and on success closes, reloads and says saved', async () => {
    const bodies: unknown[] = [];
    let listCalls = 0;
    let fail = true;
    mockApi({
      'GET /admin/coupons': () => {
        listCalls += 1;
        return [coupon()];
      },
      'POST /admin/coupons/store': async (request) => {
        bodies.push(await jsonBody(request));
        if (fail)
          return respond(422, {
            message: 'Invalid',
            errors: { code: ['The code has already been taken.'], valid_to: ['The valid to must be a date after valid from.'] },
          });
        return { message: 'Coupon successfully saved.', coupon: coupon() };
      },
    });
    renderAdmin('/admin/coupons');
    await screen.findByRole('link', { name: 'Karibu' });
    fireEvent.click(screen.getByRole('button', { name: /Add Coupon/ }));
    await screen.findByText('Add New Coupon');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Coupon' }));
    for (const text of [
      'Please enter the coupon name.',
      'Please enter the code shoppers type.',
      'Please enter the discount name.',
      'Please enter the discount percentage.',
      'Please choose when the coupon is valid.',
    ]) {
      expect(await within(dialog()).findByText(text)).toBeTruthy();
    }
    typeInto('Coupon name', 'Pasaka');
    typeInto('Code', 'pasaka 15');
    expect((within(dialog()).getByLabelText('Code') as HTMLInputElement).value).toBe('PASAKA15');
    typeInto('Discount Name', 'Easter 15%');
    typeInto('Discount %', '15');
    setRange('2026-04-01', '2026-04-30');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Coupon' }));
    await findToast('The code has already been taken.');
    await findToast('The valid to must be a date after valid from.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(bodies[0]).toEqual({
      name: 'Pasaka',
      code: 'PASAKA15',
      discount: 'Easter 15%',
      discount_type: 'percent',
      discount_percent: 15,
      date: '2026-04-01 - 2026-04-30',
      valid_from: '2026-04-01',
      valid_to: '2026-04-30',
      usage_limit: null,
      per_customer_limit: null,
    });

    fail = false;
    typeInto('Code', 'PASAKA2026');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Coupon' }));
    await findToast(ADMIN_MESSAGES.couponSaved);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listCalls).toBe(2));
  });

  it("a value coupon sends discount_value; editing says 'Coupon successfully updated.'", async () => {
    const bodies: Array<{ path: string; body: unknown }> = [];
    mockApi({
      'GET /admin/coupons': () => [coupon()],
      'POST /admin/coupons/update/3': async (request) => {
        bodies.push({ path: new URL(request.url).pathname, body: await jsonBody(request) });
        return { message: 'ok', coupon: coupon() };
      },
    });
    renderAdmin('/admin/coupons');
    await screen.findByRole('link', { name: 'Karibu' });
    fireEvent.click(screen.getByRole('button', { name: 'Action: Karibu' }));
    fireEvent.click(await screen.findByText('Edit'));
    await screen.findByText('Edit Coupon');
    fireEvent.click(within(dialog()).getByRole('radio', { name: 'Value' }));
    fireEvent.change(await within(dialog()).findByLabelText('Discount Value in Ksh'), { target: { value: '250' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Update Coupon' }));
    await findToast(ADMIN_MESSAGES.couponUpdated);
    expect(bodies[0]!.body).toMatchObject({
      code: 'KARIBU10',
      discount_type: 'value',
      discount_value: 250,
      valid_from: '2026-01-01',
      valid_to: '2026-03-31',
      usage_limit: 100,
      per_customer_limit: 1,
    });
    expect(bodies[0]!.body).not.toHaveProperty('discount_percent');
  });

  it('the coupon page lists its redemptions (Customer, Discount, Value)', async () => {
    const detail: AdminCouponDetail = {
      ...coupon(),
      redemptions: [
        {
          id: 1,
          order_number: 'SHW-1007',
          customer: { first_name: 'Juma', last_name: 'Otieno', email: 'c@example.com' },
          discount: 'Karibu 10%',
          value: 235.5,
          created_at: '2026-01-10T10:00:00.000Z',
        },
      ],
    };
    mockApi({ 'GET /admin/coupons/view/3': () => detail });
    renderAdmin('/admin/coupons/3');
    expect(await screen.findByRole('heading', { level: 2, name: 'Karibu' })).toBeTruthy();
    expect(headerTexts().slice(0, 3)).toEqual(['Customer', 'Discount', 'Value']);
    expect(cellTexts(tableRows()[0]!).slice(0, 4)).toEqual(['Juma Otieno', 'Karibu 10%', 'KSh 235.50', 'SHW-1007']);
  });
});
