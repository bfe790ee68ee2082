import type { IncomingMessage } from 'node:http';
import { cameOverHttps, clientAddressOf, parseTrustedProxies } from './trustedProxies';

/** A request as the gateway's socket saw it. */
const request = (peer: string, headers: Record<string, string> = {}, encrypted = false): IncomingMessage =>
  ({ socket: { remoteAddress: peer, encrypted }, headers }) as unknown as IncomingMessage;

describe('the client address', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    const none = parseTrustedProxies(undefined);
    expect(clientAddressOf(request('203.0.113.7', { 'x-forwarded-for': '198.51.100.1' }), none)).toBe('203.0.113.7');
    expect(clientAddressOf(request('::ffff:203.0.113.7'), none)).toBe('203.0.113.7');
    expect(parseTrustedProxies('off')).toEqual({ kind: 'none' });
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    const trusted = parseTrustedProxies('10.0.0.0/8, 192.168.1.5');
    expect(clientAddressOf(request('203.0.113.7', { 'x-forwarded-for': '198.51.100.1' }), trusted)).toBe('203.0.113.7');
  });

  it('walks X-Forwarded-For from the right past trusted proxies, never believing what the client wrote', () => {
    const trusted = parseTrustedProxies('10.0.0.0/8,192.168.1.5,fd00::/8');
    // The client claims to be 1.2.3.4; the load balancer (10.0.0.2) appended the address it saw.
    expect(clientAddressOf(request('10.0.0.2', { 'x-forwarded-for': '1.2.3.4, 198.51.100.9' }), trusted)).toBe('198.51.100.9');
    // Two trusted proxies: the CDN edge (192.168.1.5) and the load balancer.
    expect(clientAddressOf(request('::ffff:10.0.0.2', { 'x-forwarded-for': '1.2.3.4, 198.51.100.9, 192.168.1.5' }), trusted)).toBe(
      '198.51.100.9',
    );
    expect(clientAddressOf(request('fd00::1', { 'x-forwarded-for': '2001:db8::5' }), trusted)).toBe('2001:db8::5');
    // Garbage to the left of what the trusted proxies wrote stops the walk at the last good address.
    expect(clientAddressOf(request('10.0.0.2', { 'x-forwarded-for': 'evil, 10.0.0.3' }), trusted)).toBe('10.0.0.3');
    // A trusted proxy that forwarded nothing: the proxy itself.
    expect(clientAddressOf(request('10.0.0.2'), trusted)).toBe('10.0.0.2');
  });

  it('with a hop count, takes that many addresses from the right', () => {
    const one = parseTrustedProxies('1');
    expect(clientAddressOf(request('10.0.0.2', { 'x-forwarded-for': '1.2.3.4, 198.51.100.9' }), one)).toBe('198.51.100.9');
    const two = parseTrustedProxies('2');
    expect(clientAddressOf(request('10.0.0.2', { 'x-forwarded-for': '1.2.3.4, 198.51.100.9, 172.16.0.1' }), two)).toBe('198.51.100.9');
    expect(clientAddressOf(request('10.0.0.2'), two)).toBe('10.0.0.2');
  });

  it('refuses a setting it cannot read, naming the variable', () => {
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/GATEWAY_TRUSTED_PROXIES must be/);
    expect(() => parseTrustedProxies('10.0.0.0/8.5')).toThrow(/GATEWAY_TRUSTED_PROXIES must be/);
    expect(() => parseTrustedProxies('10.0.0.0/')).toThrow(/GATEWAY_TRUSTED_PROXIES must be/);
    expect(() => parseTrustedProxies('proxy.internal')).toThrow(/GATEWAY_TRUSTED_PROXIES must be/);
    expect(() => parseTrustedProxies('0')).toThrow(/GATEWAY_TRUSTED_PROXIES as a hop count must be from 1 to 10/);
  });

  it('believes X-Forwarded-Proto only from a trusted proxy', () => {
    const trusted = parseTrustedProxies('10.0.0.0/8');
    expect(cameOverHttps(request('10.0.0.2', { 'x-forwarded-proto': 'https' }), trusted)).toBe(true);
    expect(cameOverHttps(request('10.0.0.2', { 'x-forwarded-proto': 'https, http' }), trusted)).toBe(false);
    expect(cameOverHttps(request('203.0.113.7', { 'x-forwarded-proto': 'https' }), trusted)).toBe(false);
    expect(cameOverHttps(request('203.0.113.7', { 'x-forwarded-proto': 'https' }), parseTrustedProxies(''))).toBe(false);
    expect(cameOverHttps(request('203.0.113.7', {}, true), parseTrustedProxies(''))).toBe(true);
  });
});
