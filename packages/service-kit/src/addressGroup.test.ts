import { addressGroup } from './addressGroup';

describe('what a per-address limit counts', () => {
  it('counts an IPv4 address as it is', () => {
    expect(addressGroup('203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts every address of one IPv6 /64 as one, however it is written', () => {
    const group = '2001:db8:85a3:12::/64';
    for (const address of [
      '2001:db8:85a3:12::1',
      '2001:db8:85a3:12:ffff:ffff:ffff:ffff',
      '2001:0db8:85a3:0012:0000:0000:0000:0002',
      '2001:DB8:85A3:12:a:b:c:d',
      '2001:db8:85a3:12::1%eth0',
      '2001:db8:85a3:12::203.0.113.9',
    ])
      expect({ address, group: addressGroup(address) }).toEqual({ address, group });
    expect(addressGroup('2001:db8:85a3:13::1')).toBe('2001:db8:85a3:13::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
  });

  it('counts an IPv4 client seen as IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(addressGroup('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('::FFFF:203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('::ffff:cb00:7109')).toBe('203.0.113.9');
    expect(addressGroup('0:0:0:0:0:ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(addressGroup('unknown')).toBe('unknown');
  });
});
