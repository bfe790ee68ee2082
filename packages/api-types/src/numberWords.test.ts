import { parseAmount, parseCount, parseDigits } from './numberWords';

describe('reading the numbers shoppers type', () => {
  it('reads digits only, up to the length asked for', () => {
    expect(parseDigits('47')).toBe(47);
    expect(parseDigits(' 0042 ')).toBe(42);
    expect(parseDigits('123456789', 9)).toBe(123456789);
    expect(parseDigits('1234567890', 9)).toBeNull();
    expect(parseDigits('4.5')).toBeNull();
    expect(parseDigits('')).toBeNull();
    expect(parseDigits('tano')).toBeNull();
  });

  it('reads amounts in digits with a decimal point or comma, and in words', () => {
    expect(parseAmount('200')).toBe(200);
    expect(parseAmount('2.5')).toBe(2.5);
    expect(parseAmount('2,5')).toBe(2.5);
    expect(parseAmount('tano')).toBe(5);
    expect(parseAmount('Three')).toBe(3);
    expect(parseAmount('nusu')).toBe(0.5);
    expect(parseAmount('2.5.1')).toBeNull();
    expect(parseAmount('unga')).toBeNull();
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('constructor')).toBeNull();
  });

  it('reads counts: four digits at most, whole words only, and the words a caller adds', () => {
    expect(parseCount('3')).toBe(3);
    expect(parseCount('9999')).toBe(9999);
    expect(parseCount('10000')).toBeNull();
    expect(parseCount('2.0')).toBeNull();
    expect(parseCount('mbili')).toBe(2);
    expect(parseCount('half')).toBeNull();
    expect(parseCount('a')).toBeNull();
    expect(parseCount('a', { a: 1 })).toBe(1);
    expect(parseCount('toString')).toBeNull();
  });
});
