import net from 'node:net';
import type { IncomingMessage } from 'node:http';
import { parseDigits } from '@shop/api-types';

/**
 * Which peers may tell the gateway who the client is (GATEWAY_TRUSTED_PROXIES): none (the gateway
 * is the edge, the default), a list of proxy addresses and networks, or a number of proxy hops
 * in front of the gateway.
 */
export type TrustedProxies = { kind: 'none' } | { kind: 'list'; blocks: net.BlockList; text: string } | { kind: 'hops'; hops: number };

/**
 * `""` or `off`: none. `2`: two proxies in front (the socket's peer and the one before it).
 * `10.0.0.0/8, 192.168.1.5, fd00::/8`: the proxies' addresses and networks. Anything else is
 * refused with the variable's name, so a typo never trusts the wrong machines.
 */
export function parseTrustedProxies(raw: string | undefined, name = 'GATEWAY_TRUSTED_PROXIES'): TrustedProxies {
  const text = (raw ?? '').trim();
  if (text === '' || text === 'off') return { kind: 'none' };
  const hops = parseDigits(text);
  if (hops !== null) {
    if (hops < 1 || hops > 10) throw new Error(`${name} as a hop count must be from 1 to 10, got "${text}"`);
    return { kind: 'hops', hops };
  }
  const blocks = new net.BlockList();
  for (const part of text.split(',').map((piece) => piece.trim())) {
    const [address = '', prefix, extra] = part.split('/');
    const family = net.isIP(address);
    const bits = prefix === undefined ? undefined : parseDigits(prefix);
    const maxBits = family === 6 ? 128 : 32;
    if (family === 0 || extra !== undefined || bits === null || (bits !== undefined && bits > maxBits))
      throw new Error(`${name} must be "off", a hop count, or a comma list of addresses and networks (10.0.0.0/8), got "${part}"`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) blocks.addAddress(address, type);
    else blocks.addSubnet(address, bits, type);
  }
  return { kind: 'list', blocks, text };
}

/** An IPv4 client seen on a dual-stack socket (::ffff:203.0.113.9) as the IPv4 address it is. */
function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
}

function isTrusted(blocks: net.BlockList, address: string): boolean {
  const family = net.isIP(address);
  return family !== 0 && blocks.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** X-Forwarded-For's addresses, nearest hop last, as every proxy appends the address it saw. */
function forwardedChain(req: IncomingMessage): string[] {
  const header = req.headers['x-forwarded-for'];
  if (!header) return [];
  // Several X-Forwarded-For lines read as one list, in order.
  return (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((part) => plainAddress(part.trim()))
    .filter((part) => part !== '');
}

/**
 * The shopper's address, for the rate limits, the access log and the services (the gateway sends it
 * on as X-Forwarded-For). The socket's peer, unless that peer is a trusted proxy: then
 * X-Forwarded-For is walked from the right (the entries trusted proxies appended) past every
 * trusted hop, and the first address no trusted proxy accounts for is the client's. What a client
 * writes into X-Forwarded-For itself sits to the left of that and is never believed, and a request
 * straight from an untrusted peer is never read for it at all.
 */
export function clientAddressOf(req: IncomingMessage, trusted: TrustedProxies): string {
  const peer = plainAddress(req.socket.remoteAddress ?? '');
  if (trusted.kind === 'none' || !peer) return peer || 'unknown';
  if (trusted.kind === 'list' && !isTrusted(trusted.blocks, peer)) return peer;
  const chain = forwardedChain(req);
  let client = peer;
  if (trusted.kind === 'hops') {
    // The peer is the first hop; each further trusted hop is one more entry from the right.
    for (let hop = 1; hop < trusted.hops + 1 && chain.length > 0; hop += 1) {
      const next = chain.pop()!;
      if (!net.isIP(next)) break;
      client = next;
    }
    return client;
  }
  while (chain.length > 0) {
    const next = chain.pop()!;
    // A malformed entry came from the left of what the trusted proxies wrote: the last good address stands.
    if (!net.isIP(next)) break;
    client = next;
    if (!isTrusted(trusted.blocks, next)) break;
  }
  return client;
}

/**
 * Whether the shopper reached the shop over https: the gateway's own TLS socket, or the
 * X-Forwarded-Proto of a trusted proxy (its last value: what the proxy next to the gateway
 * saw or was told by the proxies it trusts). A client's own X-Forwarded-Proto is ignored.
 */
export function cameOverHttps(req: IncomingMessage, trusted: TrustedProxies): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  if (trusted.kind === 'none') return false;
  const peer = plainAddress(req.socket.remoteAddress ?? '');
  if (trusted.kind === 'list' && !isTrusted(trusted.blocks, peer)) return false;
  const header = req.headers['x-forwarded-proto'];
  if (typeof header !== 'string') return false;
  const last = header.slice(header.lastIndexOf(',') + 1).trim();
  return last.toLowerCase() === 'https';
}
