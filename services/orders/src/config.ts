import { internalSecretFromEnv } from '@shop/service-kit';

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
}

export interface OrdersConfig {
  production: boolean;
  /** x-internal-secret for the catalog's and customers' /internal/* routes. */
  internalSecret: string;
  catalogUrl: string;
  /** How stale, at most, cached catalogue prices may be (ms); 0 asks the catalogue on every order. */
  catalogRevisionCheckMs: number;
  customersUrl: string;
  /** The shop's public origin (the gateway): DPO's RedirectURL/BackURL and Daraja's CallBackURL start with it. */
  publicUrl: string;
  payments: PaymentsConfig;
  reconcileIntervalMs: number;
  /** Months of believable order history on an empty development database. */
  seedHistory: boolean;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

/** A URL setting of `env` (not necessarily process.env), without a trailing slash. */
const urlSetting = (env: NodeJS.ProcessEnv, name: string, fallback: string): string => trimSlash(env[name] || fallback);

/** Reads the environment once at start; refuses what must never run (see the README's environment table). */
export function loadOrdersConfig(env: NodeJS.ProcessEnv = process.env): OrdersConfig {
  const production = env.NODE_ENV === 'production';
  const internalSecret = internalSecretFromEnv('orders', env);

  const dpoToken = env.DPO_COMPANY_TOKEN ?? '';
  const requested = env.PAYMENT_PROVIDER ?? '';
  if (requested !== '' && requested !== 'simulator' && requested !== 'dpo') throw new Error(`PAYMENT_PROVIDER must be "simulator" or "dpo", got "${requested}"`);
  const hosted: HostedProviderName = requested === '' ? (dpoToken ? 'dpo' : 'simulator') : requested;
  if (production && hosted === 'simulator') {
    throw new Error('The payment simulator is refused in production: set PAYMENT_PROVIDER=dpo with DPO_COMPANY_TOKEN and DPO_SERVICE_TYPE.');
  }

  let dpo: DpoSettings | null = null;
  if (hosted === 'dpo') {
    const serviceType = env.DPO_SERVICE_TYPE ?? '';
    if (!dpoToken || !serviceType) throw new Error('PAYMENT_PROVIDER=dpo needs DPO_COMPANY_TOKEN and DPO_SERVICE_TYPE.');
    dpo = { companyToken: dpoToken, serviceType, baseUrl: urlSetting(env, 'DPO_BASE_URL', 'https://secure.3gdirectpay.com'), ptlHours: positiveInteger(env, 'DPO_PTL_HOURS', 24) };
  }

  const mpesaNames = ['MPESA_CONSUMER_KEY', 'MPESA_CONSUMER_SECRET', 'MPESA_SHORTCODE', 'MPESA_PASSKEY'] as const;
  const given = mpesaNames.filter((name) => (env[name] ?? '') !== '');
  if (given.length > 0 && given.length < mpesaNames.length) {
    throw new Error(`M-Pesa needs all of ${mpesaNames.join(', ')}; missing ${mpesaNames.filter((name) => !given.includes(name)).join(', ')}.`);
  }
  const mpesa: MpesaSettings | null =
    given.length === mpesaNames.length
      ? {
          consumerKey: env.MPESA_CONSUMER_KEY!,
          consumerSecret: env.MPESA_CONSUMER_SECRET!,
          shortcode: env.MPESA_SHORTCODE!,
          passkey: env.MPESA_PASSKEY!,
          baseUrl: urlSetting(env, 'MPESA_BASE_URL', production ? 'https://api.safaricom.co.ke' : 'https://sandbox.safaricom.co.ke'),
        }
      : null;

  return {
    production,
    internalSecret,
    catalogUrl: urlSetting(env, 'CATALOG_URL', 'http://127.0.0.1:4101'),
    catalogRevisionCheckMs: env.CATALOG_REVISION_CHECK_MS === '0' ? 0 : positiveInteger(env, 'CATALOG_REVISION_CHECK_MS', 500),
    customersUrl: urlSetting(env, 'CUSTOMERS_URL', 'http://127.0.0.1:4102'),
    publicUrl: urlSetting(env, 'PUBLIC_URL', 'http://localhost:8080'),
    payments: { hosted, dpo, mpesa, simulatorPushDelayMs: positiveInteger(env, 'SIMULATOR_PUSH_DELAY_MS', 3000) },
    reconcileIntervalMs: positiveInteger(env, 'RECONCILE_INTERVAL_MS', 60_000),
    seedHistory: !production && env.ORDERS_SEED_HISTORY !== 'false',
  };
}
