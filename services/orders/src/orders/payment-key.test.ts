import { newPaymentKey, paymentKeyHash } from './payment-key';

describe('newPaymentKey', () => {
  it('answers 32 fresh random bytes each time, past the random pool refills too, and the hash of each', () => {
    const keys = Array.from({ length: 300 }, () => newPaymentKey());
    expect(new Set(keys.map(({ key }) => key)).size).toBe(300);
    for (const { key, hash } of keys) {
      expect(Buffer.from(key, 'base64url')).toHaveLength(32);
      expect(hash).toBe(paymentKeyHash(key));
    }
  });
});
