import { OrderLimit } from './order-limit';

describe("the assistant's per-address order limit", () => {
  it('counts an IPv6 shopper by their /64 and an IPv4-mapped address as the IPv4 address', () => {
    const limit = new OrderLimit(2, () => 1_000);
    expect(limit.take('2001:db8:5:1::a')).toBe(true);
    expect(limit.take('2001:db8:5:1::b')).toBe(true);
    expect(limit.take('2001:db8:5:1:ffff:ffff:ffff:ffff')).toBe(false);
    expect(limit.take('2001:db8:5:2::a')).toBe(true);
    expect(limit.take('198.51.100.7')).toBe(true);
    expect(limit.take('::ffff:198.51.100.7')).toBe(true);
    expect(limit.take('198.51.100.7')).toBe(false);
  });
});
