import type { AdminCoupon, AdminCouponDetail } from '@shop/api-types';
import { ADMIN_MESSAGES } from '@shop/api-types';
import { testDatabases } from '@shop/service-kit/testing';
import { startOrdersHarness, type OrdersHarness } from '../testing/harness';

describe.each(testDatabases('orders-admin'))('back office coupons on $dialect', (database) => {
  let h: OrdersHarness;
  let staff: string;

  beforeAll(async () => {
    h = await startOrdersHarness(database, { seedDemoAccounts: true });
    staff = await h.staffToken();
  });
  afterAll(async () => {
    await h?.close();
  });

  const form = (overrides: Record<string, unknown> = {}) => ({
    name: 'Mashujaa 15%',
    code: 'mashujaa15',
    discount: '15%',
    discount_type: 'percent',
    discount_percent: 15,
    date: '2026-10-01 - 2026-10-31',
    usage_limit: 100,
    per_customer_limit: 1,
    ...overrides,
  });

  it('lists coupons with their redeems and shows the redemptions with customer names', async () => {
    const cart = h.cart(2500);
    const placed = await h.placeOrder(cart, {
      totalKsh: (h.subtotalCents(cart) - 20_000) / 100,
      overrides: { coupon: 'UNGA200', first_name: 'Achieng', last_name: 'Odhiambo', email: 'achieng@example.com' },
    });
    const list = (await h.request('GET', '/api/admin/coupons', { token: staff })).body as AdminCoupon[];
    const unga = list.find((c) => c.code === 'UNGA200')!;
    expect(unga).toMatchObject({
      name: 'KSh 200 off any order',
      redeems: 1,
      usage_limit: null,
      archived_at: null,
      discount: { name: 'KSh 200', discount_type: 'value', discount_value: 200, discount_percent: null },
    });
    const detail = (await h.request('GET', `/api/admin/coupons/view/${unga.id}`, { token: staff })).body as AdminCouponDetail;
    expect(detail.redemptions).toEqual([
      {
        id: expect.any(Number),
        order_number: placed.order_number,
        customer: { first_name: 'Achieng', last_name: 'Odhiambo', email: 'achieng@example.com' },
        discount: 'KSh 200',
        value: 200,
        created_at: expect.stringMatching(/Z$/),
      },
    ]);
    expect((await h.request('GET', '/api/admin/coupons/view/99999', { token: staff })).status).toBe(404);
  });

  it('stores and updates a coupon (code upper-cased and unique, Nairobi days), audited', async () => {
    const stored = await h.request('POST', '/api/admin/coupons/store', { token: staff, body: form() });
    expect(stored.status).toBe(201);
    expect(stored.body).toEqual({
      message: ADMIN_MESSAGES.couponSaved,
      coupon: {
        id: expect.any(Number),
        name: 'Mashujaa 15%',
        code: 'MASHUJAA15',
        valid_from: '2026-09-30T21:00:00.000Z',
        valid_to: '2026-10-31T20:59:59.000Z',
        discount: { name: '15%', discount_type: 'percent', discount_value: null, discount_percent: 15 },
        usage_limit: 100,
        per_customer_limit: 1,
        redeems: 0,
        archived_at: null,
      },
    });
    const id = stored.body.coupon.id as number;
    const taken = await h.request('POST', '/api/admin/coupons/store', { token: staff, body: form({ code: 'Mashujaa15' }) });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ code: ['The code has already been taken.'] });

    const updated = await h.request('POST', `/api/admin/coupons/update/${id}`, {
      token: staff,
      body: form({
        discount_type: 'value',
        discount_percent: undefined,
        discount_value: '250.50',
        discount: 'KSh 250.50',
        date: undefined,
        valid_from: '2026-11-01',
        valid_to: '2026-11-30',
        usage_limit: '',
      }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe(ADMIN_MESSAGES.couponUpdated);
    expect(updated.body.coupon).toMatchObject({
      id,
      code: 'MASHUJAA15',
      usage_limit: null,
      valid_from: '2026-10-31T21:00:00.000Z',
      discount: { discount_type: 'value', discount_value: 250.5, discount_percent: null },
    });
    // Its own code is not "taken" by itself; another coupon's is.
    expect(
      (await h.request('POST', `/api/admin/coupons/update/${id}`, { token: staff, body: form({ code: 'UNGA200' }) })).body.errors,
    ).toEqual({ code: ['The code has already been taken.'] });
    expect((await h.request('POST', '/api/admin/coupons/update/99999', { token: staff, body: form({ code: 'NOSUCH' }) })).status).toBe(404);

    const actions = (await h.request('GET', '/api/admin/audit/orders', { token: staff })).body.data.map(
      (entry: { action: string }) => entry.action,
    );
    expect(actions.slice(0, 2)).toEqual(['coupon.updated', 'coupon.created']);
  });

  it('answers 422 per field', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const answer = await h.request('POST', '/api/admin/coupons/store', { token: staff, body });
      expect(answer.status).toBe(422);
      return answer.body.errors as Record<string, string[]>;
    };
    expect(await refused({})).toMatchObject({
      name: ['The name field is required.'],
      code: ['The code field is required.'],
      discount: ['The discount field is required.'],
      discount_type: ['The discount type field is required.'],
    });
    expect(await refused(form({ discount_percent: 0 }))).toEqual({
      discount_percent: ['The discount percent must be greater than 0 and at most 100.'],
    });
    expect(await refused(form({ discount_percent: 100.5 }))).toEqual({
      discount_percent: ['The discount percent must be greater than 0 and at most 100.'],
    });
    expect(await refused(form({ discount_percent: 12.345 }))).toEqual({
      discount_percent: ['The discount percent may have at most 2 decimals.'],
    });
    expect(await refused(form({ discount_type: 'value', discount_value: 0 }))).toEqual({
      discount_value: ['The discount value must be greater than 0.'],
    });
    expect(await refused(form({ discount_type: 'free' }))).toEqual({ discount_type: ['The selected discount type is invalid.'] });
    expect(await refused(form({ date: '2026-10-31 - 2026-10-01' }))).toEqual({
      date: ['The date range must be YYYY-MM-DD - YYYY-MM-DD with the start on or before the end.'],
    });
    expect(await refused(form({ date: undefined }))).toEqual({ date: ['The date field is required.'] });
    expect(await refused(form({ code: 'BAD CODE' }))).toEqual({
      code: ['The code may only contain letters, numbers, dashes and underscores.'],
    });
    expect(await refused(form({ usage_limit: 0 }))).toEqual({ usage_limit: ['The usage limit must be at least 1.'] });
  });

  describe('as multipart/form-data, as the spec sends the coupon form', () => {
    /** The form as a browser sends it: every value a string; undefined leaves the field out. */
    const multipart = (fields: Record<string, unknown>, file?: { name: string; data: string }): FormData => {
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.append(key, String(value));
      if (file) body.append('attachment', new Blob([file.data], { type: 'text/plain' }), file.name);
      return body;
    };
    const post = async (path: string, body: FormData | string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${h.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${staff}`, ...headers }, body });
      return {
        status: response.status,
        body: (await response.json()) as { message: string; errors?: Record<string, string[]>; coupon?: AdminCoupon },
      };
    };

    it('stores and updates a coupon from form fields, like the JSON body', async () => {
      const stored = await post(
        '/api/admin/coupons/store',
        multipart(
          form({
            name: 'Jamhuri 12.5%',
            code: 'jamhuri',
            discount: '12.5%',
            discount_percent: '12.5',
            usage_limit: '50',
            per_customer_limit: '',
          }),
        ),
      );
      expect(stored).toMatchObject({
        status: 201,
        body: {
          message: ADMIN_MESSAGES.couponSaved,
          coupon: {
            code: 'JAMHURI',
            valid_from: '2026-09-30T21:00:00.000Z',
            valid_to: '2026-10-31T20:59:59.000Z',
            discount: { name: '12.5%', discount_type: 'percent', discount_percent: 12.5, discount_value: null },
            usage_limit: 50,
            per_customer_limit: null,
          },
        },
      });
      const id = stored.body.coupon!.id;
      const updated = await post(
        `/api/admin/coupons/update/${id}`,
        multipart(
          form({
            code: 'JAMHURI',
            discount_type: 'value',
            discount_percent: undefined,
            discount_value: '300',
            discount: 'KSh 300',
            date: '2026-12-01 - 2026-12-12',
          }),
        ),
      );
      expect(updated).toMatchObject({
        status: 200,
        body: {
          message: ADMIN_MESSAGES.couponUpdated,
          coupon: {
            id,
            valid_from: '2026-11-30T21:00:00.000Z',
            discount: { discount_type: 'value', discount_value: 300, discount_percent: null },
          },
        },
      });
      const listed = ((await h.request('GET', '/api/admin/coupons', { token: staff })).body as AdminCoupon[]).find(
        (coupon) => coupon.id === id,
      );
      expect(listed).toMatchObject({ code: 'JAMHURI', usage_limit: 100, discount: { name: 'KSh 300' } });
      expect((await post('/api/admin/coupons/update/99999', multipart(form({ code: 'NOSUCH2' })))).status).toBe(404);
    });

    it('answers 422 per field, refuses files and unreadable forms with a message, and never stores', async () => {
      const before = await h.count('coupons');
      const empty = await post('/api/admin/coupons/store', multipart({}));
      expect(empty.status).toBe(422);
      expect(empty.body.errors).toMatchObject({
        name: ['The name field is required.'],
        code: ['The code field is required.'],
        discount: ['The discount field is required.'],
        discount_type: ['The discount type field is required.'],
      });
      expect((await post('/api/admin/coupons/store', multipart(form({ discount_percent: 'ten' })))).body.errors).toEqual({
        discount_percent: ['The discount percent must be a number.'],
      });
      expect((await post('/api/admin/coupons/store', multipart(form({ usage_limit: '2.5' })))).body.errors).toEqual({
        usage_limit: ['The usage limit must be a whole number.'],
      });
      expect((await post('/api/admin/coupons/store', multipart(form({ date: '2026-10-31 - 2026-10-01' })))).body.errors).toEqual({
        date: ['The date range must be YYYY-MM-DD - YYYY-MM-DD with the start on or before the end.'],
      });
      expect((await post('/api/admin/coupons/store', multipart(form({ code: 'UNGA200' })))).body.errors).toEqual({
        code: ['The code has already been taken.'],
      });

      const withFile = await post('/api/admin/coupons/store', multipart(form({ code: 'WITHFILE' }), { name: 'notes.txt', data: 'hello' }));
      expect(withFile).toEqual({
        status: 422,
        body: { message: 'This form takes no files.', errors: { _: ['This form takes no files.'] } },
      });
      const tooMany = multipart(form({ code: 'TOOMANY' }));
      for (let i = 0; i < 50; i += 1) tooMany.append(`extra_${i}`, 'x');
      expect((await post('/api/admin/coupons/store', tooMany)).body.errors).toEqual({ _: ['The form is too large.'] });
      const broken = await post('/api/admin/coupons/store', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nHalf', {
        'content-type': 'multipart/form-data; boundary=x',
      });
      expect(broken).toEqual({
        status: 422,
        body: { message: 'The form could not be read.', errors: { _: ['The form could not be read.'] } },
      });
      expect(await h.count('coupons')).toBe(before);
    });
  });
});
