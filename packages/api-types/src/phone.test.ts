import {
  addressBodySchema,
  CHECKOUT_MESSAGES,
  mpesaPushBodySchema,
  normaliseKenyanPhone,
  orderStoreBodySchema,
  profileUpdateBodySchema,
  registerBodySchema,
  toMpesaNumber,
} from './index';

describe('normaliseKenyanPhone', () => {
  it.each([
    ['+254 712 345 678', '0712345678'],
    ['+254712345678', '0712345678'],
    ['254712345678', '0712345678'],
    ['254 712 345 678', '0712345678'],
    ['00254712345678', '0712345678'],
    ['+254 (0) 712 345 678', '0712345678'],
    ['+254-712-345-678', '0712345678'],
    ['0712345678', '0712345678'],
    ['0712 345 678', '0712345678'],
    ['0712-345-678', '0712345678'],
    ['0712.345.678', '0712345678'],
    ['(0712) 345 678', '0712345678'],
    ['  0712 345678  ', '0712345678'],
    ['0712\u00a0345\u00a0678', '0712345678'],
    ['712345678', '0712345678'],
    ['712 345 678', '0712345678'],
    ['+254 110 123 456', '0110123456'],
    ['254110123456', '0110123456'],
    ['0110 123 456', '0110123456'],
    ['110123456', '0110123456'],
    ['0101-234-567', '0101234567'],
    [712345678, '0712345678'],
    [254712345678, '0712345678'],
  ])('reads %p as %p', (written, stored) => {
    expect(normaliseKenyanPhone(written)).toBe(stored);
  });

  it.each([
    ['', 'blank'],
    ['0712 345', 'too short'],
    ['07123456789', 'too long'],
    ['+254 712 345', 'too short after the country code'],
    ['+255 712 345 678', "another country's code"],
    ['+1 712 345 6789', "another country's code"],
    ['1712345678', '10 digits without the 0'],
    ['612345678', 'not a mobile range without its 0'],
    ['0712 34S 678', 'a letter'],
    ['+0712345678', 'a plus before a national number'],
    [null, 'not text'],
    [{ phone: '0712345678' }, 'not text'],
  ] as Array<[unknown, string]>)('refuses %p (%s)', (written) => {
    expect(normaliseKenyanPhone(written)).toBeNull();
  });
});

describe('toMpesaNumber', () => {
  it.each([
    ['+254 712 345 678', '254712345678'],
    ['0712 345 678', '254712345678'],
    ['712345678', '254712345678'],
    ['254712345678', '254712345678'],
    ['0110-123-456', '254110123456'],
  ])('reads %p as %p', (written, mpesa) => {
    expect(toMpesaNumber(written)).toBe(mpesa);
  });

  it('refuses what cannot take an M-Pesa prompt', () => {
    expect(toMpesaNumber('020 123 4567')).toBeNull(); // a Nairobi landline
    expect(toMpesaNumber('25471234')).toBeNull();
    expect(toMpesaNumber('')).toBeNull();
  });
});

describe('phone fields of the request schemas', () => {
  const phoneOf = (result: { success: boolean; data?: { phone?: string } }) => (result.success ? result.data?.phone : undefined);
  const messagesOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }, field: string) =>
    (result.error?.issues ?? []).filter((issue) => issue.path[0] === field).map((issue) => issue.message);

  const registration = { email: 'wanjiku@example.com', password: 'Unga@2026', first_name: 'Wanjiku', last_name: 'Kamau' };

  it('stores every usual way of writing a number as 0712345678 (register, profile, address)', () => {
    for (const written of ['+254 712 345 678', '254712345678', '0712-345-678', '712 345 678']) {
      expect(phoneOf(registerBodySchema.safeParse({ ...registration, phone: written }))).toBe('0712345678');
      expect(phoneOf(profileUpdateBodySchema.safeParse({ ...registration, phone: written, password: undefined }))).toBe('0712345678');
      const address = {
        name: 'Wanjiku Kamau',
        email: 'wanjiku@example.com',
        phone: written,
        street_address: 'Moi Avenue 1',
        town: 'Nairobi',
        county_id: 47,
        sub_county_id: 289,
      };
      expect(phoneOf(addressBodySchema.safeParse(address) as { success: boolean; data?: { phone?: string } })).toBe('0712345678');
    }
  });

  it("keeps the spec's messages for what is still wrong", () => {
    expect(messagesOf(registerBodySchema.safeParse({ ...registration, phone: '' }), 'phone')).toEqual(['The phone field is required.']);
    expect(messagesOf(registerBodySchema.safeParse({ ...registration, phone: '+254 712 345' }), 'phone')).toEqual([
      'The phone field must be 10 digits.',
    ]);
    expect(messagesOf(registerBodySchema.safeParse({ ...registration, phone: '1712345678' }), 'phone')).toEqual([
      'The phone field must start with 0, e.g. 0712345678.',
    ]);
  });

  const order = {
    first_name: 'Wanjiku',
    last_name: 'Kamau',
    email: 'wanjiku@example.com',
    street: 'Moi Avenue 1',
    county_id: 47,
    subcounty_id: 289,
    town: 'Nairobi',
    cart_items: [{ id: 1, quantity: 2 }],
    total_amount: 460,
  };

  it('stores the checkout phone as 0712345678 and the M-Pesa number as 254712345678', () => {
    const result = orderStoreBodySchema.safeParse({ ...order, phone: '+254 712 345 678', mpesa_no: '0712 345 678' });
    expect(result.success).toBe(true);
    expect(result.data?.phone).toBe('0712345678');
    expect(result.data?.mpesa_no).toBe('254712345678');
    expect(orderStoreBodySchema.safeParse({ ...order, phone: '0712345678', mpesa_no: '+254 712-345-678' }).data?.mpesa_no).toBe(
      '254712345678',
    );
  });

  it("answers the checkout's own messages for a phone or M-Pesa number it cannot read", () => {
    expect(messagesOf(orderStoreBodySchema.safeParse({ ...order, phone: '0712 345' }), 'phone')).toEqual([CHECKOUT_MESSAGES.phoneDigits]);
    expect(messagesOf(orderStoreBodySchema.safeParse({ ...order, phone: '   ' }), 'phone')).toEqual([CHECKOUT_MESSAGES.phoneRequired]);
    expect(messagesOf(orderStoreBodySchema.safeParse({ ...order, phone: '0712345678', mpesa_no: '2547123' }), 'mpesa_no')).toEqual([
      CHECKOUT_MESSAGES.mpesaNumber,
    ]);
  });

  it('reads the push mobile however it is written, and leaves it optional', () => {
    expect(mpesaPushBodySchema.safeParse({ order_id: 7, mobile: '+254 712 345 678' }).data?.mobile).toBe('254712345678');
    expect(mpesaPushBodySchema.safeParse({ order_id: 7, mobile: '0712345678' }).data?.mobile).toBe('254712345678');
    expect(mpesaPushBodySchema.safeParse({ order_id: 7, mobile: '' }).data?.mobile).toBeUndefined();
    expect(messagesOf(mpesaPushBodySchema.safeParse({ order_id: 7, mobile: '0712' }), 'mobile')).toEqual([CHECKOUT_MESSAGES.mpesaNumber]);
  });
});

describe('phones sent as JSON numbers', () => {
  it('are refused by the account forms (their leading 0 is lost) and read as digits by the checkout', () => {
    const registration = { email: 'wanjiku@example.com', password: 'Unga@2026', first_name: 'Wanjiku', last_name: 'Kamau' };
    const result = registerBodySchema.safeParse({ ...registration, phone: 712345678 });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['The phone field must be 10 digits.']);
    const order = {
      first_name: 'Wanjiku',
      last_name: 'Kamau',
      email: 'wanjiku@example.com',
      street: 'Moi Avenue 1',
      county_id: 47,
      subcounty_id: 289,
      town: 'Nairobi',
      cart_items: [{ id: 1, quantity: 2 }],
      total_amount: 460,
    };
    expect(orderStoreBodySchema.safeParse({ ...order, phone: 712345678, mpesa_no: 254712345678 }).data).toMatchObject({
      phone: '0712345678',
      mpesa_no: '254712345678',
    });
  });
});
