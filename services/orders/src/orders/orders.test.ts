import type { Order } from '@shop/api-types';
import { testDatabases } from '@shop/service-kit/testing';
import { startOrdersHarness, WESTLANDS, NAIROBI, type OrdersHarness } from '../testing/harness';

describe.each(testDatabases('orders'))('customer orders and coupons on $dialect', (database) => {
  let h: OrdersHarness;

  beforeAll(async () => {
    h = await startOrdersHarness(database);
  });
  afterAll(async () => {
    await h?.close();
  });

  describe('GET /api/orders and /api/orders/view/{order_number}', () => {
    it('lists the caller’s own orders, newest first, in the contract’s shape', async () => {
      const customer = await h.customer();
      const other = await h.customer();
      const cart = h.cart(2500);
      const first = await h.placeOrder(cart, { token: customer.token });
      const second = await h.placeOrder(h.cart(3000), { token: customer.token });
      await h.placeOrder(cart, { token: other.token });
      await h.placeOrder(cart);

      const answer = await h.request('GET', '/api/orders', { token: customer.token });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      const orders = answer.body.orders as Order[];
      expect(orders.map((order) => order.order_number)).toEqual([second.order_number, first.order_number]);
      const order = orders[1]!;
      const product = h.products.find((p) => p.id === cart[0]!.id)!;
      expect(order).toEqual({
        id: first.id,
        order_number: first.order_number,
        date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
        status: { id: 1, name: 'Pending', color: '#f59e0b' },
        is_paid: 0,
        subtotal: first.total_amount,
        discount: 0,
        points_discount: 0,
        total_amount: first.total_amount,
        products_count: cart.length,
        order_notes: 'Please call on arrival.',
        customer: { first_name: 'Wanjiku', last_name: 'Kamau', email: 'wanjiku.kamau@example.com', phone: '0712345678' },
        shipping_address: {
          first_name: 'Wanjiku',
          last_name: 'Kamau',
          street_address: '12 Moi Avenue',
          apartment: 'Flat 4B',
          town: 'Westlands',
          county: { id: NAIROBI, name: 'Nairobi' },
          sub_county: { id: WESTLANDS, name: 'Westlands' },
          phone: '0712345678',
          email: 'wanjiku.kamau@example.com',
        },
        order_items: expect.any(Array),
        status_history: [
          { status: { id: 1, name: 'Pending', color: '#f59e0b' }, note: 'Order placed', created_at: expect.stringMatching(/Z$/) },
        ],
      });
      expect(order.order_items[0]).toEqual({
        id: expect.any(Number),
        quantity: cart[0]!.quantity,
        price: (h.unitCents(product.id) * cart[0]!.quantity) / 100,
        product: {
          id: product.id,
          name: product.name,
          price: h.unitCents(product.id) / 100,
          brand: product.brand_name,
          category: product.category_name,
          unit: product.unit,
          image: product.image,
        },
      });
    });

    it('keeps the snapshot when the catalogue changes later', async () => {
      const customer = await h.customer();
      const cart = h.cart(2500);
      const placed = await h.placeOrder(cart, { token: customer.token });
      const product = h.products.find((p) => p.id === cart[0]!.id)!;
      await h.changeCatalogue((trx) => trx('products').where({ id: product.id }).update({ name: 'Renamed product', price_cents: 1 }));
      try {
        const order = (await h.request('GET', `/api/orders/view/${placed.order_number}`, { token: customer.token })).body as Order;
        expect(order.order_items[0]!.product).toMatchObject({ name: product.name, price: h.unitCents(product.id) / 100 });
      } finally {
        await h.changeCatalogue((trx) =>
          trx('products').where({ id: product.id }).update({ name: product.name, price_cents: product.price_cents }),
        );
      }
    });

    it('shows one order to its owner only: another customer’s is 404 like a missing one', async () => {
      const owner = await h.customer();
      const stranger = await h.customer();
      const placed = await h.placeOrder(h.cart(2500), { token: owner.token });
      const mine = await h.request('GET', `/api/orders/view/${placed.order_number.toLowerCase()}`, { token: owner.token });
      expect(mine.status).toBe(200);
      expect(mine.body.order_number).toBe(placed.order_number);
      expect(await h.request('GET', `/api/orders/view/${placed.order_number}`, { token: stranger.token })).toMatchObject({
        status: 404,
        body: { message: 'Order not found.' },
      });
      expect((await h.request('GET', '/api/orders/view/SH-999999', { token: owner.token })).status).toBe(404);
      expect((await h.request('GET', '/api/orders/view/not-a-number', { token: owner.token })).status).toBe(400);
      // Guest orders belong to nobody.
      const guest = await h.placeOrder(h.cart(2500));
      expect((await h.request('GET', `/api/orders/view/${guest.order_number}`, { token: owner.token })).status).toBe(404);
    });

    it('needs a customer token', async () => {
      expect(await h.request('GET', '/api/orders')).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } });
      expect((await h.request('GET', '/api/orders/view/SH-260001')).status).toBe(401);
      expect((await h.request('GET', '/api/orders', { token: 'Z'.repeat(43) })).status).toBe(401);
    });
  });

  describe('GET /internal/products/{id}/order-lines (for the catalog’s admin product page)', () => {
    it('lists the orders containing a product, newest first, behind the internal secret', async () => {
      const cart = h.cart(2500);
      const first = await h.placeOrder(cart, { overrides: { first_name: 'Zawadi' } });
      const second = await h.placeOrder(cart, { overrides: { first_name: 'Baraka' } });
      const secret = { 'x-internal-secret': h.config.internalSecret };
      const answer = await h.request('GET', `/internal/products/${cart[0]!.id}/order-lines`, { headers: secret });
      expect(answer.status).toBe(200);
      const lines = answer.body.order_items as Array<{ order_number: string }>;
      expect(lines.findIndex((l) => l.order_number === second.order_number)).toBeLessThan(
        lines.findIndex((l) => l.order_number === first.order_number),
      );
      expect(answer.body.order_items.find((l: { order_number: string }) => l.order_number === second.order_number)).toEqual({
        order_id: second.id,
        order_number: second.order_number,
        customer_first_name: 'Baraka',
        amount: second.total_amount,
        date: expect.stringMatching(/Z$/),
        status: { id: 1, name: 'Pending', color: '#f59e0b' },
        is_paid: 0,
      });
      expect((await h.request('GET', '/internal/products/999999/order-lines', { headers: secret })).body).toEqual({ order_items: [] });
      expect((await h.request('GET', `/internal/products/${cart[0]!.id}/order-lines`)).status).toBe(403);
      expect((await h.request('GET', '/internal/products/abc/order-lines', { headers: secret })).status).toBe(400);
    });
  });

  describe('/internal/customers/* (for the customers service’s admin pages)', () => {
    it('counts and lists a customer’s orders behind the internal secret', async () => {
      const secret = { 'x-internal-secret': h.config.internalSecret };
      const customer = await h.customer();
      const quiet = await h.customer();
      const first = await h.placeOrder(h.cart(2500), { token: customer.token });
      const second = await h.placeOrder(h.cart(3000), { token: customer.token });
      const counts = await h.request('POST', '/internal/customers/order-counts', {
        headers: secret,
        body: { ids: [customer.accountId, quiet.accountId] },
      });
      expect(counts).toMatchObject({ status: 200, body: { counts: { [customer.accountId]: 2, [quiet.accountId]: 0 } } });
      expect((await h.request('POST', '/internal/customers/order-counts', { headers: secret, body: { ids: [] } })).body).toEqual({
        counts: {},
      });
      const orders = await h.request('GET', `/internal/customers/${customer.accountId}/orders`, { headers: secret });
      expect(orders.body.orders.map((o: { order_number: string }) => o.order_number)).toEqual([second.order_number, first.order_number]);
      expect((await h.request('GET', `/internal/customers/${customer.accountId}/orders`)).status).toBe(403);
      expect((await h.request('POST', '/internal/customers/order-counts', { headers: secret, body: { ids: ['x'] } })).status).toBe(422);
    });
  });

  describe('GET /api/site/coupons/check/{code}/{email} and POST /api/site/coupons/redeem', () => {
    const redeem = (code: unknown, email = 'coupon.shopper@example.com') =>
      h.request('POST', '/api/site/coupons/redeem', {
        body: { first_name: 'Achieng', last_name: 'Otieno', phone: '0722000111', email, code },
      });

    it('answers the discount of a valid coupon, percent or value', async () => {
      expect(await h.request('GET', '/api/site/coupons/check/KARIBU10/someone@example.com')).toMatchObject({
        status: 200,
        body: { discount: { name: '10%', discount_type: 'percent', discount_percent: 10, discount_value: null } },
      });
      expect((await h.request('GET', '/api/site/coupons/check/unga200/someone@example.com')).body).toEqual({
        discount: { name: 'KSh 200', discount_type: 'value', discount_value: 200, discount_percent: null },
      });
      expect(await redeem('karibu10')).toMatchObject({
        status: 200,
        body: { discount: { discount_type: 'percent', discount_percent: 10 } },
      });
    });

    it.each(['NOPE', 'EXPIRED5', '%20'])('refuses %p with the spec’s message', async (code) => {
      expect(await h.request('GET', `/api/site/coupons/check/${code}/someone@example.com`)).toMatchObject({
        status: 422,
        body: { message: 'Invalid or expired coupon' },
      });
    });

    it('refuses a coupon used up, overall or for that email (and writes nothing itself)', async () => {
      const cart = h.cart(3000);
      const subtotal = h.subtotalCents(cart);
      await h.placeOrder(cart, {
        overrides: { coupon: 'KARIBU10', email: 'used.it@example.com' },
        totalKsh: (subtotal - Math.round(subtotal / 10)) / 100,
      });
      expect((await h.request('GET', '/api/site/coupons/check/KARIBU10/used.it@example.com')).body).toEqual({
        message: 'Invalid or expired coupon',
        errors: { coupon: ['Invalid or expired coupon'] },
      });
      expect((await redeem('KARIBU10', 'USED.IT@example.com')).status).toBe(422);
      expect((await h.request('GET', '/api/site/coupons/check/KARIBU10/someone.else@example.com')).status).toBe(200);

      const before = Number((await h.db('coupons').where({ code: 'ONCEONLY' }).first()).times_used);
      expect((await redeem('ONCEONLY')).status).toBe(before === 0 ? 200 : 422);
      expect(Number((await h.db('coupons').where({ code: 'ONCEONLY' }).first()).times_used)).toBe(before);
      await h.db('coupons').where({ code: 'ONCEONLY' }).update({ times_used: 1 });
      expect((await h.request('GET', '/api/site/coupons/check/ONCEONLY/anyone@example.com')).status).toBe(422);
    });

    it('checks the redeem form and the email in the path', async () => {
      const answer = await h.request('POST', '/api/site/coupons/redeem', { body: { code: 'KARIBU10' } });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toMatchObject({
        first_name: ['First name is required'],
        email: ['Email is required'],
        phone: ['Phone number is required'],
      });
      expect((await redeem('')).body.errors.code).toEqual(['Invalid or expired coupon']);
      expect((await h.request('GET', '/api/site/coupons/check/KARIBU10/not-an-email')).status).toBe(400);
    });
  });
});
