import { formatCents } from '@shop/money';
import { sqlTimestamp } from '@shop/service-kit';
import { testDatabases } from '@shop/service-kit/testing';
import { CatalogClient } from '../clients/catalog';
import { couponRow } from '../testing/coupons';
import { MOMBASA, NAIROBI, startOrdersHarness, WESTLANDS, type OrdersHarness } from '../testing/harness';

describe.each(testDatabases('orders'))('POST /api/site/orders/store on $dialect', (database) => {
  let h: OrdersHarness;

  beforeAll(async () => {
    h = await startOrdersHarness(database);
  });
  afterAll(async () => {
    await h?.close();
  });

  const store = (body: unknown, token?: string) => h.request('POST', '/api/site/orders/store', { body, token });
  const written = async () => ({
    orders: await h.count('orders'),
    items: await h.count('order_items'),
    history: await h.count('order_status_history'),
    redemptions: await h.count('coupon_redemptions'),
  });

  /** Places nothing: the answer is a 422 with `message`, and no table changed. */
  async function refused(body: unknown, message: string, field?: string, token?: string) {
    const before = await written();
    const answer = await store(body, token);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(message);
    if (field) expect(answer.body.errors[field]).toEqual([message]);
    expect(await written()).toEqual(before);
    return answer;
  }

  describe('a guest order', () => {
    it('is stored Pending with snapshots of the products, the places and the totals', async () => {
      const cart = h.cart(2500);
      const subtotal = h.subtotalCents(cart);
      const answer = await store(h.orderBody(cart, subtotal / 100, { email: 'Guest.Shopper@Example.com', apartment: '' }));
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        data: {
          id: expect.any(Number),
          order_number: expect.stringMatching(/^SH-\d{6,}$/),
          total_amount: subtotal / 100,
          subtotal: subtotal / 100,
          discount: 0,
          points_discount: 0,
          payment_key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        },
      });
      const order = await h.db('orders').where({ id: answer.body.data.id }).first();
      expect(order).toMatchObject({
        order_number: answer.body.data.order_number,
        customer_id: null,
        first_name: 'Wanjiku',
        email: 'guest.shopper@example.com',
        phone: '0712345678',
        mpesa_no: '254712345678',
        apartment: null,
        county_id: NAIROBI,
        county_name: 'Nairobi',
        sub_county_id: WESTLANDS,
        sub_county_name: 'Westlands',
        subtotal_cents: subtotal,
        total_cents: subtotal,
        status_id: 1,
        payment_method: 'hosted',
      });
      expect(Number(order.is_paid)).toBe(0);
      const items = await h.db('order_items').where({ order_id: answer.body.data.id }).orderBy('id');
      expect(items).toHaveLength(cart.length);
      const product = h.products.find((p) => p.id === cart[0]!.id)!;
      expect(items[0]).toMatchObject({
        product_id: product.id,
        product_name: product.name,
        brand_name: product.brand_name,
        category_name: product.category_name,
        unit: product.unit,
        image: product.image,
        unit_price_cents: h.unitCents(product.id),
        quantity: cart[0]!.quantity,
        line_total_cents: h.unitCents(product.id) * cart[0]!.quantity,
      });
      expect(await h.db('order_status_history').where({ order_id: answer.body.data.id }).select('status_id', 'note')).toEqual([
        { status_id: 1, note: 'Order placed' },
      ]);
    });

    it('gives every order its own number, never reused', async () => {
      const cart = h.cart(2000);
      const placed = await Promise.all(Array.from({ length: 8 }, () => h.placeOrder(cart)));
      expect(new Set(placed.map((order) => order.order_number)).size).toBe(8);
      const year = String(new Date(Date.now() + 3 * 3600_000).getUTCFullYear()).slice(2);
      for (const order of placed) expect(order.order_number.startsWith(`SH-${year}`)).toBe(true);
    });

    it('accepts the optional fields blank and the ids as digit strings', async () => {
      const cart = h.cart(2000);
      const body = h.orderBody(cart, h.subtotalCents(cart) / 100, {
        apartment: null,
        order_notes: '',
        mpesa_no: '',
        coupon: null,
        county_id: String(NAIROBI),
        subcounty_id: String(WESTLANDS),
      });
      delete (body as Record<string, unknown>).depot_id;
      expect((await store(body)).status).toBe(201);
    });
  });

  describe('prices are the server’s', () => {
    it('refuses a tampered unit price, naming the product and its price', async () => {
      const cart = h.cart(2500);
      const body = h.orderBody(cart, h.subtotalCents(cart) / 100);
      const items = body.cart_items as Array<{ price: number; product_total: number }>;
      items[0]!.price = 1;
      const name = h.products.find((p) => p.id === cart[0]!.id)!.name;
      await refused(
        body,
        `Prices have changed: ${name} is now ${formatCents(h.unitCents(cart[0]!.id))}. Please review your cart.`,
        'cart_items',
      );
    });

    it('refuses a tampered line total and a tampered order total', async () => {
      const cart = h.cart(2500);
      const subtotal = h.subtotalCents(cart);
      const body = h.orderBody(cart, subtotal / 100);
      (body.cart_items as Array<{ product_total: number }>)[1]!.product_total = 0.5;
      const name = h.products.find((p) => p.id === cart[1]!.id)!.name;
      await refused(
        body,
        `Prices have changed: ${name} is now ${formatCents(h.unitCents(cart[1]!.id))}. Please review your cart.`,
        'cart_items',
      );
      await refused(
        h.orderBody(cart, subtotal / 100 - 1),
        `The order total is now ${formatCents(subtotal)}. Please review your cart.`,
        'total_amount',
      );
      await refused(
        h.orderBody(cart, subtotal / 100 + 0.01),
        `The order total is now ${formatCents(subtotal)}. Please review your cart.`,
        'total_amount',
      );
    });

    it('prices from the catalogue as it is now: a change since the cart was filled is a 422', async () => {
      const cart = h.cart(2500);
      const body = h.orderBody(cart, h.subtotalCents(cart) / 100);
      const product = h.products.find((p) => p.id === cart[0]!.id)!;
      await h.changeCatalogue((trx) =>
        trx('products')
          .where({ id: product.id })
          .update({ price_cents: product.price_cents + 1000, offer_price_cents: null }),
      );
      try {
        await refused(
          body,
          `Prices have changed: ${product.name} is now ${formatCents(product.price_cents + 1000)}. Please review your cart.`,
        );
      } finally {
        await h.changeCatalogue((trx) =>
          trx('products')
            .where({ id: product.id })
            .update({ price_cents: product.price_cents, offer_price_cents: product.offer_price_cents }),
        );
      }
    });

    it('caches catalogue prices only until the catalogue changes', async () => {
      const product = h.products[0]!;
      const slow = new CatalogClient(h.catalog.url, h.config.internalSecret, { revisionCheckMs: 60_000 });
      const quick = new CatalogClient(h.catalog.url, h.config.internalSecret, { revisionCheckMs: 1 });
      const priceOf = async (client: CatalogClient, fresh = false) =>
        (await client.lookup([product.id], { fresh })).get(product.id)?.price_cents;
      expect(await priceOf(slow)).toBe(product.price_cents);
      expect(await priceOf(quick)).toBe(product.price_cents);
      try {
        await h.changeCatalogue((trx) =>
          trx('products')
            .where({ id: product.id })
            .update({ price_cents: product.price_cents + 500 }),
        );
        // Within its interval the cache answers; a fresh lookup, or the next revision check, sees the change.
        expect(await priceOf(slow)).toBe(product.price_cents);
        expect(await priceOf(slow, true)).toBe(product.price_cents + 500);
        expect(await priceOf(quick)).toBe(product.price_cents + 500);
      } finally {
        await h.changeCatalogue((trx) => trx('products').where({ id: product.id }).update({ price_cents: product.price_cents }));
      }
    });

    it('prices without client prices too (the total is still checked)', async () => {
      const cart = h.cart(2500);
      const body = h.orderBody(cart, h.subtotalCents(cart) / 100);
      body.cart_items = cart.map((line) => ({ id: line.id, quantity: line.quantity }));
      expect((await store(body)).status).toBe(201);
    });
  });

  describe('the cart', () => {
    it.each([0, -1, 1.5, 'max+1'])('refuses quantity %p with the product’s limits', async (quantity) => {
      const cart = h.cart(2500);
      const product = h.products.find((p) => p.id === cart[0]!.id)!;
      const body = h.orderBody(cart, h.subtotalCents(cart) / 100);
      (body.cart_items as Array<{ quantity: unknown }>)[0]!.quantity = quantity === 'max+1' ? product.max_quantity + 1 : quantity;
      await refused(
        body,
        `The quantity of ${product.name} must be between ${product.min_quantity} and ${product.max_quantity}.`,
        'cart_items',
      );
    });

    it('refuses a quantity that is not a number, an empty cart and a product twice', async () => {
      const cart = h.cart(2500);
      const body = h.orderBody(cart, h.subtotalCents(cart) / 100);
      (body.cart_items as Array<{ quantity: unknown }>)[0]!.quantity = 'two';
      expect((await store(body)).body.errors['cart_items.0.quantity']).toEqual(['Each cart item needs a quantity.']);
      await refused(h.orderBody([], 2000), 'Your cart is empty.', 'cart_items');
      await refused({ ...h.orderBody(cart, 2000), cart_items: undefined }, 'Your cart is empty.', 'cart_items');
      await refused(h.orderBody([...cart, cart[0]!], 2000), 'Each product may appear only once in the cart.', 'cart_items');
    });

    it('refuses products that are unknown, unpublished or archived', async () => {
      const cart = h.cart(2500);
      await refused(h.orderBody([...cart, { id: 999_999, quantity: 1 }], 99_999), 'Product 999999 is no longer available.', 'cart_items');
      const product = h.products.find((p) => !cart.some((line) => line.id === p.id))!;
      try {
        await h.changeCatalogue((trx) => trx('products').where({ id: product.id }).update({ status: 'draft' }));
        await refused(h.orderBody([{ id: product.id, quantity: 1 }, ...cart], 99_999), `Product ${product.id} is no longer available.`);
        await h.changeCatalogue((trx) =>
          trx('products').where({ id: product.id }).update({ status: 'published', archived_at: sqlTimestamp() }),
        );
        await refused(h.orderBody([{ id: product.id, quantity: 1 }, ...cart], 99_999), `Product ${product.id} is no longer available.`);
      } finally {
        await h.changeCatalogue((trx) => trx('products').where({ id: product.id }).update({ status: 'published', archived_at: null }));
      }
    });

    it('refuses an order below the minimum of KSh 1930, also after a coupon', async () => {
      const small = h.cart(1000);
      const smallSubtotal = h.subtotalCents(small);
      expect(smallSubtotal).toBeLessThan(193_000);
      await refused(h.orderBody(small, smallSubtotal / 100), 'Minimum order amount is 1930', 'total_amount');

      // Just above the minimum, but UNGA200 takes KSh 200 off: below it.
      const cart = h.cart(1930);
      const subtotal = h.subtotalCents(cart);
      expect(subtotal).toBeLessThan(193_000 + 20_000);
      await refused(h.orderBody(cart, (subtotal - 20_000) / 100, { coupon: 'UNGA200' }), 'Minimum order amount is 1930', 'total_amount');
    });
  });

  describe('coupons', () => {
    it('applies a value coupon and a percent coupon (any case) and records the use', async () => {
      const cart = h.cart(3000);
      const subtotal = h.subtotalCents(cart);
      const value = await store(h.orderBody(cart, (subtotal - 20_000) / 100, { coupon: 'unga200', email: 'value.coupon@example.com' }));
      expect(value.status).toBe(201);
      expect(value.body.data).toMatchObject({ subtotal: subtotal / 100, discount: 200, total_amount: (subtotal - 20_000) / 100 });
      const percentOff = Math.round(subtotal / 10);
      const percent = await store(
        h.orderBody(cart, (subtotal - percentOff) / 100, { coupon: 'KARIBU10', email: 'percent.coupon@example.com' }),
      );
      expect(percent.status).toBe(201);
      expect(percent.body.data.discount).toBe(percentOff / 100);
      const order = await h.db('orders').where({ id: percent.body.data.id }).first();
      expect(order).toMatchObject({ coupon_code: 'KARIBU10', discount_cents: percentOff, total_cents: subtotal - percentOff });
      expect(await h.db('coupon_redemptions').where({ order_id: percent.body.data.id }).first()).toMatchObject({
        email: 'percent.coupon@example.com',
        discount_cents: percentOff,
      });
      // KARIBU10 is once per email.
      await refused(
        h.orderBody(cart, (subtotal - percentOff) / 100, { coupon: 'KARIBU10', email: 'percent.coupon@example.com' }),
        'Invalid or expired coupon',
        'coupon',
      );
    });

    it('refuses unknown, expired, not yet valid and archived coupons', async () => {
      const cart = h.cart(3000);
      const subtotal = h.subtotalCents(cart);
      const now = Date.now();
      const tenPercent = { discount_name: '10%', discount_type: 'percent', discount_value_cents: null, discount_percent_bp: 1000 };
      await h.db('coupons').insert([
        couponRow({
          code: 'SOON10',
          ...tenPercent,
          valid_from: sqlTimestamp(new Date(now + 30 * 86400_000)),
          valid_to: sqlTimestamp(new Date(now + 60 * 86400_000)),
        }),
        couponRow({ code: 'GONE10', ...tenPercent, archived_at: sqlTimestamp() }),
      ]);
      for (const code of ['NOPE', 'EXPIRED5', 'SOON10', 'GONE10']) {
        await refused(h.orderBody(cart, Math.round(subtotal * 0.9) / 100, { coupon: code }), 'Invalid or expired coupon', 'coupon');
      }
    });

    it('lets exactly one of 20 simultaneous orders use ONCEONLY', async () => {
      const cart = h.cart(3000);
      const subtotal = h.subtotalCents(cart);
      const total = (subtotal - Math.round(subtotal * 0.05)) / 100;
      const before = await h.count('orders');
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => store(h.orderBody(cart, total, { coupon: 'ONCEONLY', email: `racer${i}@example.com` }))),
      );
      const ok = answers.filter((a) => a.status === 201);
      expect(ok).toHaveLength(1);
      for (const answer of answers.filter((a) => a.status !== 201))
        expect(answer).toMatchObject({ status: 422, body: { message: 'Invalid or expired coupon' } });
      expect(await h.count('orders')).toBe(before + 1);
      const coupon = await h.db('coupons').where({ code: 'ONCEONLY' }).first();
      expect(Number(coupon.times_used)).toBe(1);
      expect(await h.count('coupon_redemptions', { coupon_id: coupon.id })).toBe(1);
    });
    it('prices from the coupon as stored when the order is written, even when staff changed it a moment after a checkout read it', async () => {
      await h.db('coupons').insert(couponRow({ code: 'CHANGES', discount_name: 'KSh 150', discount_value_cents: 15_000 }));
      const cart = h.cart(3000);
      const subtotal = h.subtotalCents(cart);
      const body = (discountCents: number, email: string) =>
        h.orderBody(cart, (subtotal - discountCents) / 100, { coupon: 'CHANGES', email });
      // The checkout reads the coupon (and keeps it for a moment)...
      expect((await store(body(15_000, 'first.changes@example.com'))).status).toBe(201);
      // ...staff make it KSh 100 off right after...
      await h.db('coupons').where({ code: 'CHANGES' }).update({ discount_value_cents: 10_000 });
      // ...so the old total is refused with the new one, and nothing of it is written,
      await refused(
        body(15_000, 'second.changes@example.com'),
        `The order total is now ${formatCents(subtotal - 10_000)}. Please review your cart.`,
        'total_amount',
      );
      // and the new total is taken at once.
      const current = await store(body(10_000, 'third.changes@example.com'));
      expect(current.status).toBe(201);
      expect(await h.db('orders').where({ id: current.body.data.id }).first()).toMatchObject({ discount_cents: 10_000 });
      // Archived a moment after a read: refused as any archived coupon.
      expect((await store(body(10_000, 'fourth.changes@example.com'))).status).toBe(201);
      await h
        .db('coupons')
        .where({ code: 'CHANGES' })
        .update({ archived_at: sqlTimestamp(new Date()) });
      await refused(body(10_000, 'fifth.changes@example.com'), 'Invalid or expired coupon', 'coupon');
      expect(Number((await h.db('coupons').where({ code: 'CHANGES' }).first()).times_used)).toBe(3);
    });
  });

  describe('signed-in customers and Shwari Points', () => {
    it('stores the order under the customer and spends points (1 point = KSh 1)', async () => {
      const customer = await h.customer();
      const cart = h.cart(2500);
      const subtotal = h.subtotalCents(cart);
      const answer = await store(h.orderBody(cart, (subtotal - 1500) / 100, { redeemed_points: 15 }), customer.token);
      expect(answer.status).toBe(201);
      expect(answer.body.data).toMatchObject({ points_discount: 15, total_amount: (subtotal - 1500) / 100 });
      const order = await h.db('orders').where({ id: answer.body.data.id }).first();
      expect(order).toMatchObject({ customer_id: customer.accountId, redeemed_points: 15, points_discount_cents: 1500 });
      expect(await h.pointsBalance(customer.accountId)).toBe(5);
      expect(await h.customers.db('points_ledger').where({ reason: 'redeemed', reference: order.order_number }).first()).toMatchObject({
        delta: -15,
      });
      expect(await h.count('points_holds')).toBe(0);
    });

    it('refuses points for guests, more points than the balance or than the order', async () => {
      const cart = h.cart(2500);
      const subtotal = h.subtotalCents(cart);
      await refused(
        h.orderBody(cart, (subtotal - 500) / 100, { redeemed_points: 5 }),
        'Sign in to redeem Shwari Points.',
        'redeemed_points',
      );
      const customer = await h.customer();
      await refused(
        h.orderBody(cart, (subtotal - 2100) / 100, { redeemed_points: 21 }),
        'You cannot redeem more points than available.',
        'redeemed_points',
        customer.token,
      );
      await refused(
        h.orderBody(cart, 0, { redeemed_points: Math.floor(subtotal / 100) + 1 }),
        'You cannot redeem more points than the order total.',
        'redeemed_points',
        customer.token,
      );
      await refused(
        h.orderBody(cart, subtotal / 100, { redeemed_points: -2 }),
        'Please enter a valid number of points to redeem.',
        'redeemed_points',
        customer.token,
      );
      expect(await h.pointsBalance(customer.accountId)).toBe(20);
      expect(await h.count('points_holds')).toBe(0);
    });

    it('never spends more points than the balance, even with simultaneous orders', async () => {
      const customer = await h.customer();
      const cart = h.cart(2500);
      const subtotal = h.subtotalCents(cart);
      const before = await h.count('orders', { customer_id: customer.accountId });
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => store(h.orderBody(cart, (subtotal - 800) / 100, { redeemed_points: 8 }), customer.token)),
      );
      const ok = answers.filter((a) => a.status === 201);
      expect(ok).toHaveLength(2);
      for (const answer of answers.filter((a) => a.status !== 201))
        expect(answer.body.message).toBe('You cannot redeem more points than available.');
      expect(await h.pointsBalance(customer.accountId)).toBe(4);
      const rows = await h.customers.db('points_ledger').where({ account_id: customer.accountId });
      expect(rows.every((row: { balance_after: number }) => Number(row.balance_after) >= 0)).toBe(true);
      expect(await h.count('orders', { customer_id: customer.accountId })).toBe(before + 2);
      expect(await h.count('points_holds')).toBe(0);
    });

    it('gives the points back when the order cannot be written after they were taken', async () => {
      const customer = await h.customer();
      const cart = h.cart(3000);
      const subtotal = h.subtotalCents(cart);
      // A fresh single-use coupon: every order passes the read-only check, the claim lets one through.
      await h.db('coupons').insert(couponRow({ code: 'RACE1', usage_limit: 1 }));
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          store(h.orderBody(cart, (subtotal - 10_000 - 200) / 100, { coupon: 'RACE1', redeemed_points: 2 }), customer.token),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 422).every((a) => a.body.message === 'Invalid or expired coupon')).toBe(true);
      expect(await h.pointsBalance(customer.accountId)).toBe(18);
      expect(await h.count('points_holds')).toBe(0);
    });

    it('answers 401 for a token that is not live and stores nothing', async () => {
      const cart = h.cart(2500);
      const body = h.orderBody(cart, h.subtotalCents(cart) / 100);
      const before = await written();
      expect((await store(body, 'A'.repeat(43))).status).toBe(401);
      expect((await h.request('POST', '/api/site/orders/store', { body, headers: { authorization: 'Bearer nonsense' } })).status).toBe(401);
      const customer = await h.customer();
      await h.customers.request('POST', '/api/logout', { token: customer.token });
      expect((await store(body, customer.token)).body).toEqual({ message: 'Unauthenticated.' });
      expect(await written()).toEqual(before);
    });
  });

  describe('the checkout form', () => {
    it('answers the spec’s message for every missing field (the apartment is optional)', async () => {
      const answer = await store({ cart_items: [{ id: 1, quantity: 1 }], total_amount: 2000 });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({
        first_name: ['First name is required'],
        last_name: ['Last name is required'],
        phone: ['Phone number is required'],
        email: ['Email is required'],
        street: ['Street is required'],
        county_id: ['County is required'],
        subcounty_id: ['Sub-county is required'],
        town: ['Town is required'],
      });
      expect(answer.body.message).toBe('First name is required');
    });

    it.each([
      [{ first_name: '   ' }, 'first_name', 'First name is required'],
      [{ phone: '07123' }, 'phone', 'Phone number must be 10 digits'],
      [{ phone: '7123456789' }, 'phone', 'Phone number must start with 0, e.g. 0712345678'],
      [{ email: 'not-an-email' }, 'email', 'Invalid email format'],
      [{ mpesa_no: '07123' }, 'mpesa_no', 'The M-Pesa number must be 12 digits starting with 254.'],
      [{ county_id: 'abc' }, 'county_id', 'The selected county is invalid.'],
      [{ subcounty_id: null }, 'subcounty_id', 'Sub-county is required'],
      [{ town: '' }, 'town', 'Town is required'],
      [{ depot_id: 2 }, 'depot_id', 'The selected depot is invalid.'],
      [{ total_amount: 'lots' }, 'total_amount', 'The total amount must be an amount in KSh.'],
      [{ total_amount: 1930.001 }, 'total_amount', 'The total amount must be an amount in KSh.'],
      [{ redeemed_points: 1.5 }, 'redeemed_points', 'Please enter a valid number of points to redeem.'],
      [{ payment_method: 'cash' }, 'payment_method', 'The selected payment method is invalid.'],
    ])('refuses %p', async (overrides, field, message) => {
      const cart = h.cart(2500);
      const answer = await store(h.orderBody(cart, h.subtotalCents(cart) / 100, overrides));
      expect(answer.status).toBe(422);
      expect(answer.body.errors[field]).toEqual([message]);
    });

    it('checks the county and that the sub-county is one of its own', async () => {
      const cart = h.cart(2500);
      const total = h.subtotalCents(cart) / 100;
      await refused(h.orderBody(cart, total, { county_id: 99 }), 'The selected county is invalid.', 'county_id');
      await refused(
        h.orderBody(cart, total, { county_id: MOMBASA, subcounty_id: WESTLANDS }),
        'The selected sub-county does not belong to the selected county.',
        'subcounty_id',
      );
      await refused(
        h.orderBody(cart, total, { subcounty_id: 9999 }),
        'The selected sub-county does not belong to the selected county.',
        'subcounty_id',
      );
    });

    it('answers 400 for a body that is not JSON and 422 for one that is not an object', async () => {
      expect((await h.request('POST', '/api/site/orders/store', { raw: '{oops' })).status).toBe(400);
      expect((await h.request('POST', '/api/site/orders/store', { raw: '[1,2]' })).status).toBe(422);
    });
  });
});
