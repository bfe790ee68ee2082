import {
  envBoolean,
  envPort,
  envPositiveInteger,
  envPositiveIntegerOrZero,
  envString,
  envUrl,
  serviceListenAddress,
  serviceUrl,
} from './env';

describe('environment readers', () => {
  it('give the fallback for an unset or empty variable', () => {
    expect(envString('NAME', 'fallback', { NAME: '' })).toBe('fallback');
    expect(envPort('PORT', 4101, {})).toBe(4101);
    expect(envPositiveInteger('COUNT', 5, { COUNT: '' })).toBe(5);
    expect(envBoolean('FLAG', true, {})).toBe(true);
    expect(envUrl('SOME_URL', 'http://127.0.0.1:1/', {})).toBe('http://127.0.0.1:1');
  });

  it('read what is given, and refuse what cannot be meant, naming the variable', () => {
    expect(envPositiveInteger('COUNT', 5, { COUNT: '12' })).toBe(12);
    expect(() => envPositiveInteger('COUNT', 5, { COUNT: '0' })).toThrow('COUNT must be a positive whole number, got "0"');
    expect(() => envPositiveInteger('COUNT', 5, { COUNT: 'lots' })).toThrow('COUNT must be a positive whole number');
    expect(envPositiveIntegerOrZero('CHECK_MS', 500, { CHECK_MS: '0' })).toBe(0);
    expect(() => envPositiveIntegerOrZero('CHECK_MS', 500, { CHECK_MS: '-1' })).toThrow('CHECK_MS must be a positive whole number');
    expect(() => envPort('PORT', 1, { PORT: '70000' })).toThrow('PORT must be a port number');
    expect(envBoolean('FLAG', false, { FLAG: 'TRUE' })).toBe(true);
    expect(envBoolean('FLAG', true, { FLAG: '0' })).toBe(false);
    expect(() => envBoolean('FLAG', true, { FLAG: 'maybe' })).toThrow('FLAG must be true or false, got "maybe"');
    expect(envUrl('SOME_URL', 'http://x', { SOME_URL: 'https://shop.example.com//' })).toBe('https://shop.example.com');
    expect(() => envUrl('SOME_URL', 'http://x', { SOME_URL: 'shop.example.com' })).toThrow('SOME_URL must be an http(s) URL');
  });

  it('find every service on this machine by default, or where its variables say', () => {
    expect((['catalog', 'customers', 'orders', 'chat'] as const).map((name) => serviceUrl(name, {}))).toEqual([
      'http://127.0.0.1:4101',
      'http://127.0.0.1:4102',
      'http://127.0.0.1:4103',
      'http://127.0.0.1:4104',
    ]);
    expect(serviceUrl('orders', { ORDERS_URL: 'http://orders.internal:80/' })).toBe('http://orders.internal:80');
    expect(serviceUrl('catalog', { CATALOG_URL: 'http://10.0.0.5:4101/, http://10.0.0.6:4101' })).toBe(
      'http://10.0.0.5:4101,http://10.0.0.6:4101',
    );
    expect(() => serviceUrl('catalog', { CATALOG_URL: 'http://10.0.0.5:4101,10.0.0.6:4101' })).toThrow(
      'CATALOG_URL must be an http(s) URL',
    );
    expect(() => serviceUrl('catalog', { CATALOG_URL: ',' })).toThrow('CATALOG_URL must be an http(s) URL or a comma list');
    expect(serviceListenAddress('chat', {})).toEqual({ port: 4104, host: '127.0.0.1' });
    expect(serviceListenAddress('catalog', { CATALOG_PORT: '5101', CATALOG_HOST: '0.0.0.0' })).toEqual({ port: 5101, host: '0.0.0.0' });
  });
});
