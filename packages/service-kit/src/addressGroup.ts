import net from 'node:net';

/**
 * What a per-address limit counts: an IPv4 address as it is, an IPv6 address by its /64. One
 * subscriber (a home router, a phone) is handed a whole /64 and may pick any of its 2^64 addresses,
 * so counting single IPv6 addresses would give each of them a fresh allowance. An IPv4 client seen
 * on a dual-stack socket or forwarded as ::ffff:203.0.113.9 counts as 203.0.113.9.
 *
 * The gateway's rate limits and drawing queue (services/gateway: limits/rateLimit.ts,
 * ssr/firstScreen.ts) and the services' own throttles key on this; anything that is not an IP
 * address (a test's stand-in) is returned as it is.
 */
export function addressGroup(address: string): string {
  const family = net.isIP(address);
  if (family === 4) return address;
  if (family !== 6) return address;
  const hextets = expandIpv6(address);
  // ::ffff:a.b.c.d and ::ffff:hhhh:hhhh: the IPv4 address it carries.
  if (hextets.slice(0, 5).every((part) => part === 0) && hextets[5] === 0xffff) {
    const high = hextets[6]!;
    const low = hextets[7]!;
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  return `${hextets
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (net.isIP said so): `::` filled, a dotted IPv4 tail and a zone id read. */
function expandIpv6(address: string): number[] {
  let text = address.split('%')[0]!;
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    // "…:a.b.c.d": the dotted part is the last two groups.
    const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const [head, rest] = text.split('::');
  if (rest === undefined) return parse(head);
  const before = parse(head);
  const after = parse(rest);
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}
