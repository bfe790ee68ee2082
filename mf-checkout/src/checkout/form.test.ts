import { createShopStore, signedIn, signedOut } from '@shop/store-kit';
import { forceMpesaNumber, loadSavedForm, normalizePhone, phoneToMpesa, saveForm, validateCheckout, EMPTY_FORM } from './form';
import { couponRuleFromShown, orderTotals } from '@shop/money';

afterEach(() => localStorage.clear());

describe('checkout form rules', () => {
  it('forces the M-Pesa number to 254 and 12 digits', () => {
    expect(forceMpesaNumber('')).toBe('254');
    expect(forceMpesaNumber('2')).toBe('254');
    expect(forceMpesaNumber('0712 345 678')).toBe('254712345678');
    expect(forceMpesaNumber('712345678')).toBe('254712345678');
    expect(forceMpesaNumber('+254712345678')).toBe('254712345678');
    expect(forceMpesaNumber('2547123456789')).toBe('254712345678');
    expect(phoneToMpesa('0722-000-111')).toBe('254722000111');
    expect(phoneToMpesa('12345')).toBe('');
  });

  it('reads a saved prefill leniently: string ids from older versions, junk as empty', () => {
    localStorage.setItem(
      'checkout',
      JSON.stringify({ first_name: 'Achieng', phone: 722000111, county_id: '47', subcounty_id: '274', town: null, depot_id: 9 }),
    );
    expect(loadSavedForm()).toEqual({ ...EMPTY_FORM, first_name: 'Achieng', phone: '722000111', county_id: 47, subcounty_id: 274 });
    localStorage.setItem('checkout', '{broken');
    expect(loadSavedForm()).toEqual(EMPTY_FORM);
    localStorage.setItem('checkout', JSON.stringify({ county_id: 'x', subcounty_id: 4 }));
    expect(loadSavedForm()).toMatchObject({ county_id: '', subcounty_id: '' });
  });

  it('after the customer signs out, the form no longer fills in their name, phone, email, address or notes', () => {
    const store = createShopStore();
    store.dispatch(signedIn({ token: 'tok_customer_1', name: 'Juma Otieno', email: 'customer@example.com' }));
    const typed = {
      ...EMPTY_FORM,
      first_name: 'Juma',
      last_name: 'Otieno',
      phone: '0712345678',
      email: 'customer@example.com',
      street: 'Waiyaki Way 14',
      apartment: 'Sarit Towers',
      county_id: 47,
      subcounty_id: 274,
      town: 'Nairobi',
      order_notes: 'Call at the gate',
    } as const;
    saveForm(typed);
    expect(loadSavedForm()).toEqual(typed);
    store.dispatch(signedOut());
    expect(loadSavedForm()).toEqual(EMPTY_FORM);
  });

  it('a phone of 10 digits must start with 0, as the server checks', () => {
    const context = { meetsMinimum: true, termsAccepted: true, payWithMpesaPrompt: false };
    expect(validateCheckout({ ...EMPTY_FORM, phone: '7220001112' }, context).phone).toBe('Phone number must start with 0, e.g. 0712345678');
    expect(validateCheckout({ ...EMPTY_FORM, phone: '0722 000 111' }, context).phone).toBeUndefined();
  });

  it('accepts a phone however Kenyans write it, and sends it as the server stores it', () => {
    const context = { meetsMinimum: true, termsAccepted: true, payWithMpesaPrompt: false };
    for (const written of ['+254 722 000 111', '254722000111', '0722-000-111', '0722.000.111', '722 000 111', '+254 (0) 722 000 111']) {
      expect(validateCheckout({ ...EMPTY_FORM, phone: written }, context).phone).toBeUndefined();
      expect(normalizePhone(written)).toBe('0722000111');
    }
    expect(normalizePhone('+254 110 123 456')).toBe('0110123456');
    expect(validateCheckout({ ...EMPTY_FORM, phone: '+254 722 000' }, context).phone).toBe('Phone number must be 10 digits');
    expect(validateCheckout({ ...EMPTY_FORM, phone: '  ' }, context).phone).toBe('Phone number is required');
  });

  it('offers the M-Pesa number of a phone written any usual way, and keeps a typed (0) out of it', () => {
    expect(phoneToMpesa('+254 722 000 111')).toBe('254722000111');
    expect(phoneToMpesa('722000111')).toBe('254722000111');
    expect(phoneToMpesa('0110 123 456')).toBe('254110123456');
    expect(phoneToMpesa('020 123 4567')).toBe(''); // a landline takes no M-Pesa prompt
    expect(forceMpesaNumber('+254 (0) 722 000 111')).toBe('254722000111');
    expect(forceMpesaNumber('2540')).toBe('254');
    const withMpesa = { meetsMinimum: true, termsAccepted: true, payWithMpesaPrompt: true };
    expect(validateCheckout({ ...EMPTY_FORM, mpesa_no: '254722000111' }, withMpesa).mpesa_no).toBeUndefined();
    expect(validateCheckout({ ...EMPTY_FORM, mpesa_no: '25472200011' }, withMpesa).mpesa_no).toBe(
      'The M-Pesa number must be 12 digits starting with 254.',
    );
  });
});

describe('order totals in cents', () => {
  it('applies the percent coupon the page holds, rounding half up to the cent', () => {
    // 10% of KSh 3,065.05 is 306.505: 306.51.
    const totals = orderTotals({ subtotalCents: 306505, coupon: couponRuleFromShown({ type: 'percent', value: 10 }), redeemedPoints: 0 });
    expect(totals.couponDiscountCents).toBe(30651);
    expect(totals.totalCents).toBe(275854);
  });

  it('a value coupon never takes more than the subtotal', () => {
    expect(
      orderTotals({ subtotalCents: 10000, coupon: couponRuleFromShown({ type: 'value', value: 200 }), redeemedPoints: 0 }).totalCents,
    ).toBe(0);
  });

  it('points are capped by the balance and by the minimum order', () => {
    const totals = orderTotals({ subtotalCents: 200000, coupon: null, redeemedPoints: 500, pointsBalance: 60 });
    expect(totals.pointsApplied).toBe(60);
    expect(totals.maxPointsForOrder).toBe(70);
    expect(orderTotals({ subtotalCents: 200000, coupon: null, redeemedPoints: 500 }).totalCents).toBe(193000);
    expect(orderTotals({ subtotalCents: 150000, coupon: null, redeemedPoints: 5 }).pointsApplied).toBe(0);
  });

  it('earns 1 point per full KSh 100 of the total', () => {
    expect(orderTotals({ subtotalCents: 306500, coupon: null, redeemedPoints: 0 }).pointsToEarn).toBe(30);
    expect(orderTotals({ subtotalCents: 19999, coupon: null, redeemedPoints: 0 }).pointsToEarn).toBe(1);
  });
});
