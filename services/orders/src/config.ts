import {
  envBoolean,
  envPositiveInteger,
  envPositiveIntegerOrZero,
  envUrl,
  internalSecretFromEnv,
  isProduction,
  serviceUrl,
} from '@shop/service-kit';
import type { CallbackQueryLimits } from './payments/callback-query-limiter';

export type HostedProviderName = 'simulator' | 'dpo';

export interface DpoSettings {
  companyToken: string;
  serviceType: string;
  /** https://secure.3gdirectpay.com; the API is {base}/API/v6/, the payment page {base}/payv2.php. */
  baseUrl: string;
  /** Payment time limit on DPO's page, hours. */
  ptlHours: number;
}

export interface MpesaSettings {
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /** https://api.safaricom.co.ke (production) or https://sandbox.safaricom.co.ke. */
  baseUrl: string;
}

export interface PaymentsConfig {
  /** Who serves the hosted payment page of POST /api/site/v1/dpo/pay. */
  hosted: HostedProviderName;
  dpo: DpoSettings | null;
  /** Daraja credentials; null means the simulator plays M-Pesa (simulator mode) or M-Pesa is off. */
  mpesa: MpesaSettings | null;
  /** The simulator's STK push settles this long after the push. */
  simulatorPushDelayMs: number;
  /** How often unsigned M-Pesa callbacks may make this process query Daraja (see callback-query-limiter.ts). */
  callbackQueries: CallbackQueryLimits;
}

export interface OrdersConfig {
  production: boolean;
  /** x-internal-secret for the catalog's and customers' /internal/* routes. */
  internalSecret: string;
  catalogUrl: string;
  /** How stale, at most, cached catalogue prices may be (ms); 0 asks the catalogue on every order. */
  catalogRevisionCheckMs: number;
  customersUrl: string;
  /**
   * How long a customer's or staff member's token, once the customers service said it is live, is
   * taken as live without asking again (ms): the longest a revoked token still works here. 0 asks
   * on every request.
   */
  tokenCacheMs: number;
  /** The shop's public origin (the gateway): DPO's RedirectURL/BackURL and Daraja's CallBackURL start with it. */
  publicUrl: string;
  payments: PaymentsConfig;
  reconcileIntervalMs: number;
  /**
   * A Pending order nobody paid is cancelled this long after it was placed (its coupon use and
   * points given back), so a limited coupon or points are never held long by an abandoned checkout.
   */
  unpaidOrderTtlMinutes: number;
  /** Months of believable order history on an empty development database. */
  seedHistory: boolean;
}

/** Reads the environment once at start; refuses what must never run (see the README's environment table). */
export function loadOrdersConfig(env: NodeJS.ProcessEnv = process.env): OrdersConfig {
  const production = isProduction(env);
  const internalSecret = internalSecretFromEnv('orders', env);

  const dpoToken = env.DPO_COMPANY_TOKEN ?? '';
  const requested = env.PAYMENT_PROVIDER ?? '';
  if (requested !== '' && requested !== 'simulator' && requested !== 'dpo')
    throw new Error(`PAYMENT_PROVIDER must be "simulator" or "dpo", got "${requested}"`);
  const hosted: HostedProviderName = requested === '' ? (dpoToken ? 'dpo' : 'simulator') : requested;
  if (production && hosted === 'simulator') {
    throw new Error(
      'The payment simulator is refused in production: set PAYMENT_PROVIDER=dpo with DPO_COMPANY_TOKEN and DPO_SERVICE_TYPE.',
    );
  }

  let dpo: DpoSettings | null = null;
  if (hosted === 'dpo') {
    const serviceType = env.DPO_SERVICE_TYPE ?? '';
    if (!dpoToken || !serviceType) throw new Error('PAYMENT_PROVIDER=dpo needs DPO_COMPANY_TOKEN and DPO_SERVICE_TYPE.');
    dpo = {
      companyToken: dpoToken,
      serviceType,
      baseUrl: envUrl('DPO_BASE_URL', 'https://secure.3gdirectpay.com', env),
      ptlHours: envPositiveInteger('DPO_PTL_HOURS', 1, env),
    };
  }
  const unpaidOrderTtlMinutes = envPositiveInteger('UNPAID_ORDER_TTL_MINUTES', 60, env);
  // A payment page that outlives its order would take money for an order already cancelled.
  if (dpo && dpo.ptlHours * 60 > unpaidOrderTtlMinutes) {
    throw new Error(
      `DPO_PTL_HOURS (${dpo.ptlHours} h) must not outlast UNPAID_ORDER_TTL_MINUTES (${unpaidOrderTtlMinutes} min): the payment page would outlive its order.`,
    );
  }

  const mpesaNames = ['MPESA_CONSUMER_KEY', 'MPESA_CONSUMER_SECRET', 'MPESA_SHORTCODE', 'MPESA_PASSKEY'] as const;
  const given = mpesaNames.filter((name) => (env[name] ?? '') !== '');
  if (given.length > 0 && given.length < mpesaNames.length) {
    throw new Error(
      `M-Pesa needs all of ${mpesaNames.join(', ')}; missing ${mpesaNames.filter((name) => !given.includes(name)).join(', ')}.`,
    );
  }
  const mpesa: MpesaSettings | null =
    given.length === mpesaNames.length
      ? {
          consumerKey: env.MPESA_CONSUMER_KEY!,
          consumerSecret: env.MPESA_CONSUMER_SECRET!,
          shortcode: env.MPESA_SHORTCODE!,
          passkey: env.MPESA_PASSKEY!,
          baseUrl: envUrl('MPESA_BASE_URL', production ? 'https://api.safaricom.co.ke' : 'https://sandbox.safaricom.co.ke', env),
        }
      : null;

  return {
    production,
    internalSecret,
    catalogUrl: serviceUrl('catalog', env),
    catalogRevisionCheckMs: envPositiveIntegerOrZero('CATALOG_REVISION_CHECK_MS', 500, env),
    customersUrl: serviceUrl('customers', env),
    tokenCacheMs: envPositiveIntegerOrZero('TOKEN_CACHE_MS', 5000, env),
    publicUrl: envUrl('PUBLIC_URL', 'http://localhost:8080', env),
    payments: {
      hosted,
      dpo,
      mpesa,
      simulatorPushDelayMs: envPositiveInteger('SIMULATOR_PUSH_DELAY_MS', 3000, env),
      callbackQueries: {
        intervalMs: envPositiveIntegerOrZero('MPESA_CALLBACK_QUERY_INTERVAL_SECONDS', 30, env) * 1000,
        perMinute: envPositiveInteger('MPESA_CALLBACK_QUERIES_PER_MINUTE', 120, env),
      },
    },
    reconcileIntervalMs: envPositiveInteger('RECONCILE_INTERVAL_MS', 60_000, env),
    unpaidOrderTtlMinutes,
    seedHistory: !production && envBoolean('ORDERS_SEED_HISTORY', true, env),
  };
}
