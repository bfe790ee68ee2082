import { loadOrdersConfig } from './config';

const MPESA = { MPESA_CONSUMER_KEY: 'k', MPESA_CONSUMER_SECRET: 's', MPESA_SHORTCODE: '174379', MPESA_PASSKEY: 'p' };
const DPO = { DPO_COMPANY_TOKEN: 'token', DPO_SERVICE_TYPE: '5525' };

describe('loadOrdersConfig', () => {
  it('runs on a fresh machine with the simulator and the local services', () => {
    const config = loadOrdersConfig({});
    expect(config).toMatchObject({
      production: false,
      internalSecret: 'dev-internal-secret',
      catalogUrl: 'http://127.0.0.1:4101',
      customersUrl: 'http://127.0.0.1:4102',
      publicUrl: 'http://localhost:8080',
      reconcileIntervalMs: 60_000,
      unpaidOrderTtlMinutes: 60,
      seedHistory: true,
      payments: { hosted: 'simulator', dpo: null, mpesa: null },
    });
    expect(loadOrdersConfig({ ORDERS_SEED_HISTORY: 'false' }).seedHistory).toBe(false);
  });

  it('picks DPO when its credentials are there, and Daraja beside it', () => {
    const config = loadOrdersConfig({ ...DPO, ...MPESA, PUBLIC_URL: 'https://shop.example.com/' });
    expect(config.publicUrl).toBe('https://shop.example.com');
    expect(config.payments).toMatchObject({
      hosted: 'dpo',
      dpo: { companyToken: 'token', serviceType: '5525', baseUrl: 'https://secure.3gdirectpay.com', ptlHours: 1 },
      mpesa: { shortcode: '174379', baseUrl: 'https://sandbox.safaricom.co.ke' },
    });
    expect(loadOrdersConfig({ ...DPO, PAYMENT_PROVIDER: 'simulator' }).payments.hosted).toBe('simulator');
  });

  it('refuses what must never run', () => {
    expect(() => loadOrdersConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow('PAYMENT_PROVIDER must be');
    expect(() => loadOrdersConfig({ PAYMENT_PROVIDER: 'dpo' })).toThrow('DPO_COMPANY_TOKEN and DPO_SERVICE_TYPE');
    expect(() => loadOrdersConfig({ MPESA_CONSUMER_KEY: 'k' })).toThrow('missing MPESA_CONSUMER_SECRET, MPESA_SHORTCODE, MPESA_PASSKEY');
    expect(() => loadOrdersConfig({ NODE_ENV: 'production', ...DPO })).toThrow('INTERNAL_SECRET must be set in production');
    expect(() => loadOrdersConfig({ NODE_ENV: 'production', INTERNAL_SECRET: 'x' })).toThrow('simulator is refused in production');
    expect(() => loadOrdersConfig({ NODE_ENV: 'production', INTERNAL_SECRET: 'x', PAYMENT_PROVIDER: 'simulator', ...DPO })).toThrow(
      'simulator is refused in production',
    );
    const production = loadOrdersConfig({ NODE_ENV: 'production', INTERNAL_SECRET: 'x', ...DPO, ...MPESA });
    expect(production).toMatchObject({
      seedHistory: false,
      payments: { hosted: 'dpo', mpesa: { baseUrl: 'https://api.safaricom.co.ke' } },
    });
  });

  it('checks the numbers it reads', () => {
    expect(() => loadOrdersConfig({ RECONCILE_INTERVAL_MS: 'soon' })).toThrow('RECONCILE_INTERVAL_MS must be a positive whole number');
    expect(loadOrdersConfig({ UNPAID_ORDER_TTL_MINUTES: '180' }).unpaidOrderTtlMinutes).toBe(180);
    expect(() => loadOrdersConfig({ UNPAID_ORDER_TTL_MINUTES: '0' })).toThrow('UNPAID_ORDER_TTL_MINUTES');
  });

  it('limits the Daraja queries M-Pesa callbacks cause: 30 s per push, 120 a minute, unless told otherwise', () => {
    expect(loadOrdersConfig({}).payments.callbackQueries).toEqual({ intervalMs: 30_000, perMinute: 120 });
    expect(
      loadOrdersConfig({ MPESA_CALLBACK_QUERY_INTERVAL_SECONDS: '0', MPESA_CALLBACK_QUERIES_PER_MINUTE: '30' }).payments.callbackQueries,
    ).toEqual({ intervalMs: 0, perMinute: 30 });
    expect(() => loadOrdersConfig({ MPESA_CALLBACK_QUERIES_PER_MINUTE: '0' })).toThrow('MPESA_CALLBACK_QUERIES_PER_MINUTE');
    expect(() => loadOrdersConfig({ MPESA_CALLBACK_QUERY_INTERVAL_SECONDS: 'often' })).toThrow('MPESA_CALLBACK_QUERY_INTERVAL_SECONDS');
  });

  it('keeps the DPO payment page within the life of an unpaid order', () => {
    expect(loadOrdersConfig({ ...DPO, UNPAID_ORDER_TTL_MINUTES: '180', DPO_PTL_HOURS: '3' }).payments.dpo?.ptlHours).toBe(3);
    expect(() => loadOrdersConfig({ ...DPO, DPO_PTL_HOURS: '2' })).toThrow('must not outlast UNPAID_ORDER_TTL_MINUTES');
  });
});
