import { lineTotal } from '@shop/money';
import { unitPriceCents, type CartLine } from '@shop/store-kit';
import { EMPTY_FORM, type CheckoutForm } from './form';
import { buildOrderBody, payerOf, type OrderRequest } from './orderBody';
import { orderTotals } from '@shop/money';

const line = (id: number, price: number, offerPrice: number | null, quantity: number): CartLine => ({
  id,
  name: `Product ${id}`,
  slug: `product-${id}`,
  image: '',
  unit: '1 kg',
  price,
  offer: offerPrice === null ? null : { offer_price: offerPrice, discount: { name: '', percent: 0 } },
  limit: { minimum_quantity: 1, maximum_quantity: 10 },
  quantity,
  product_total: 0,
});

const FORM: CheckoutForm = {
  ...EMPTY_FORM,
  first_name: ' Juma ',
  last_name: 'Otieno',
  phone: '0712 345-678',
  email: ' juma@example.com ',
  mpesa_no: '254712345678',
  street: 'Waiyaki Way 14 ',
  county_id: 47,
  subcounty_id: 274,
  town: 'Nairobi',
};

const request = (overrides: Partial<OrderRequest> = {}): OrderRequest => {
  const lines = overrides.lines ?? [line(1, 179.5, 165, 2), line(2, 1450, null, 1)];
  const subtotalCents = lines.reduce((sum, item) => sum + lineTotal(unitPriceCents(item), item.quantity), 0);
  return {
    form: FORM,
    lines,
    totals: orderTotals({ subtotalCents, coupon: null, redeemedPoints: 0 }),
    method: 'hosted',
    couponCode: '',
    couponApplied: false,
    signedIn: false,
    ...overrides,
  };
};

describe('the order body', () => {
  it('sends trimmed details and each line at the price the shopper pays', () => {
    expect(buildOrderBody(request())).toEqual({
      first_name: 'Juma',
      last_name: 'Otieno',
      phone: '0712345678',
      email: 'juma@example.com',
      street: 'Waiyaki Way 14',
      apartment: '',
      county_id: 47,
      subcounty_id: 274,
      town: 'Nairobi',
      depot_id: 1,
      cart_items: [
        { id: 1, quantity: 2, price: 165, product_total: 330 },
        { id: 2, quantity: 1, price: 1450, product_total: 1450 },
      ],
      total_amount: 1780,
      payment_method: 'hosted',
    });
  });

  it('prices a line at its offer only when the offer is lower, as the orders service does', () => {
    const body = buildOrderBody(request({ lines: [line(3, 200, 250, 10)] }));
    expect(body.cart_items).toEqual([{ id: 3, quantity: 10, price: 200, product_total: 2000 }]);
  });

  it('adds the M-Pesa number, notes, an applied coupon and points only when they apply', () => {
    const plain = buildOrderBody(request({ couponCode: 'KARIBU10', couponApplied: false }));
    expect(plain).not.toHaveProperty('mpesa_no');
    expect(plain).not.toHaveProperty('order_notes');
    expect(plain).not.toHaveProperty('coupon');
    expect(plain).not.toHaveProperty('redeemed_points');

    const lines = [line(2, 1450, null, 2)];
    const totals = orderTotals({ subtotalCents: 290000, coupon: null, redeemedPoints: 20 });
    const full = buildOrderBody(
      request({
        lines,
        totals,
        form: { ...FORM, order_notes: ' Gate B ' },
        method: 'mpesa',
        couponCode: ' KARIBU10 ',
        couponApplied: true,
        signedIn: true,
      }),
    );
    expect(full).toMatchObject({
      mpesa_no: '254712345678',
      order_notes: 'Gate B',
      coupon: 'KARIBU10',
      redeemed_points: 20,
      payment_method: 'mpesa',
    });
    expect(buildOrderBody(request({ lines, totals, signedIn: false }))).not.toHaveProperty('redeemed_points');
  });

  it('names the payer as the form does, phone without spaces', () => {
    expect(payerOf(FORM)).toEqual({
      first_name: 'Juma',
      last_name: 'Otieno',
      email: 'juma@example.com',
      phone: '0712345678',
      mpesa_no: '254712345678',
    });
  });
});
