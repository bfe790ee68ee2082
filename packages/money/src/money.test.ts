import { discountPercent, formatCents, formatKsh, formatPercent, lineTotal, payableUnitCents, percentOf, toCents } from './index';

describe('money', () => {
  it('formats prices as the storefront shows them', () => {
    expect(formatKsh(1930)).toBe('KSh 1,930.00');
    expect(formatKsh(235.5)).toBe('KSh 235.50');
    expect(formatKsh(1234567.891)).toBe('KSh 1,234,567.89');
    expect(formatCents(5)).toBe('KSh 0.05');
    expect(formatCents(0)).toBe('KSh 0.00');
    expect(formatCents(99999)).toBe('KSh 999.99');
    expect(formatCents(100000)).toBe('KSh 1,000.00');
    expect(formatCents(-193050)).toBe('KSh -1,930.50');
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });

  it('groups and rounds exactly as the en-KE number format does', () => {
    const intl = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (let cents = 0; cents < 3_000_000_000; cents = cents * 3 + 7) {
      expect(formatCents(cents)).toBe(`KSh ${intl.format(cents / 100)}`);
    }
  });

  it('converts to cents without float drift', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents('19.99')).toBe(1999);
    expect(toCents(0.1) + toCents(0.2)).toBe(toCents(0.3));
    expect(() => toCents('abc')).toThrow(RangeError);
  });

  it('computes line totals and refuses bad quantities', () => {
    expect(lineTotal(19999, 3)).toBe(59997);
    expect(() => lineTotal(100, -1)).toThrow(RangeError);
    expect(() => lineTotal(100, 1.5)).toThrow(RangeError);
  });

  it('computes the offer discount to two decimals', () => {
    expect(discountPercent(20000, 17500)).toBe(12.5);
    expect(discountPercent(30000, 20000)).toBe(33.33);
    expect(discountPercent(0, 0)).toBe(0);
    expect(formatPercent(12.5)).toBe('12.50%');
  });

  it('takes a percentage of an amount to the cent', () => {
    expect(percentOf(200000, 10)).toBe(20000);
    expect(percentOf(333, 33.33)).toBe(111);
  });
});

describe('payableUnitCents', () => {
  it('charges the offer price only when it is lower than the price', () => {
    expect(payableUnitCents(23000, 21000)).toBe(21000);
    expect(payableUnitCents(23000, null)).toBe(23000);
    expect(payableUnitCents(23000, undefined)).toBe(23000);
    expect(payableUnitCents(23000, 25000)).toBe(23000);
    expect(payableUnitCents(23000, 23000)).toBe(23000);
  });
});
