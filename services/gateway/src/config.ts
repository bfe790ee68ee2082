import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_MANIFEST_FILE } from '@shop/api-types';
import {
  DEV_INTERNAL_SECRET,
  REPO_ROOT,
  SHOP_SERVICES,
  envPort,
  envPositiveInteger,
  envString,
  envUrl,
  serviceUrl,
} from '@shop/service-kit';
import { parseTrustedProxies, type TrustedProxies } from './clientAddress/trustedProxies';
import type { RateLimitRule } from './limits/rateLimit';

/** An area of the shop behind the gateway: which paths it answers and where its service runs. */
export interface UpstreamRoute {
  area: string;
  /** Path prefixes (the first matching prefix wins; longer prefixes are checked first). */
  prefixes: string[];
  /** The service's origin, or a comma list of its instances' origins (taken in turn, see proxy/apiProxy.ts). */
  target: string;
  /** Milliseconds before a slow answer becomes a 504. */
  timeoutMs: number;
}

/** A remote the shell may load: its federation name and the URL of its manifest. */
export interface RemoteEntry {
  name: string;
  entry: string;
  /** The release its manifest names (in /remotes.json only; see versions/remoteManifests.ts). */
  version?: string;
}

export interface GatewayConfig {
  port: number;
  host: string;
  upstreams: UpstreamRoute[];
  /** The shell's built files. */
  shellDir: string;
  /** Remotes served by the gateway itself in the all-in-one mode: URL folder → built files. */
  localRemotes: Array<{ name: string; folder: string; dir: string }>;
  remotes: RemoteEntry[];
  /** Largest request body passed to a service. */
  bodyLimitBytes: number;
  /** A JSON file of remote URLs, re-read when it changes (see remotes/runtimeRemotes.ts). */
  remotesFile?: string;
  /** Per-address limits: sign-in, password reset, registration, orders, coupons, payment pages, M-Pesa prompts. */
  rateLimits: RateLimitRule[];
  /** Who may tell the gateway the client's address and scheme (X-Forwarded-For, -Proto); none by default. */
  trustedProxies: TrustedProxies;
  /** Where the shop's pages may post forms besides the shop itself: the payment page's origin. */
  formTargets: string[];
  /**
   * The shop's public address (PUBLIC_URL, as the orders service reads it; no trailing slash): the
   * canonical URLs, share tags, sitemap and robots.txt name it. Configured, never taken from a
   * request's Host, which anyone can write.
   */
  publicUrl: string;
  /** Prometheus metrics on a port of their own, never the public one; null: off. */
  metrics: { port: number; host: string } | null;
  /**
   * Redis, shared by every gateway of a shop of several (REDIS_URL): rate limits counted across them
   * and staff changes announced to them (shared/sharedState.ts). null: one gateway, all in memory.
   */
  redisUrl: string | null;
  /**
   * The secret the services share (INTERNAL_SECRET): the gateway uses it only to ask the customers
   * service who a caller of its own staff route (GET /api/admin/versions) is. Unset: that route answers 503.
   */
  internalSecret?: string;
}

/**
 * Per client address and window (GATEWAY_RATE_LIMIT_WINDOW_SECONDS, 60 by default). Generous:
 * shoppers behind one mobile operator's NAT share an address. Paths in normal form (lower case).
 */
function rateLimitRules(env: NodeJS.ProcessEnv): RateLimitRule[] {
  const windowMs = envPositiveInteger('GATEWAY_RATE_LIMIT_WINDOW_SECONDS', 60, env) * 1000;
  const limit = (name: string, fallback: number) => envPositiveInteger(`GATEWAY_RATE_LIMIT_${name}`, fallback, env);
  const coupons = limit('COUPONS', 30);
  return [
    { label: 'sign-in attempts', method: 'POST', path: '/api/login', limit: limit('LOGIN', 30), windowMs },
    // The back office's sign-in (the staff session cookie): the same count, so neither is a way round the other's limit.
    { label: 'sign-in attempts', bucket: '/api/login', method: 'POST', path: '/api/admin/session', limit: limit('LOGIN', 30), windowMs },
    { label: 'password reset requests', method: 'POST', path: '/api/forgot-password', limit: limit('PASSWORD_RESET', 10), windowMs },
    { label: 'orders', method: 'POST', path: '/api/site/orders/store', limit: limit('ORDERS', 30), windowMs },
    // An account costs an argon2 hash and its welcome points.
    { label: 'registrations', method: 'POST', path: '/api/site/register', limit: limit('REGISTRATION', 10), windowMs },
    // Coupon codes are short words: checking and redeeming count together, so neither is a way to guess them.
    {
      label: 'coupon checks',
      bucket: 'coupons',
      method: 'GET',
      path: '/api/site/coupons/check',
      prefix: true,
      limit: coupons,
      windowMs,
    },
    { label: 'coupon checks', bucket: 'coupons', method: 'POST', path: '/api/site/coupons/redeem', limit: coupons, windowMs },
    // Each one asks DPO for a payment token.
    { label: 'payment requests', method: 'POST', path: '/api/site/v1/dpo/pay', limit: limit('PAYMENTS', 20), windowMs },
    // Each one makes someone's phone ring with an M-Pesa prompt.
    { label: 'M-Pesa prompts', method: 'POST', path: '/api/site/v1/push', limit: limit('STK_PUSH', 10), windowMs },
  ];
}

/** The payment page's origin (DPO_BASE_URL, as the orders service reads it): the one place a shop page's form may post to besides the shop. */
function paymentOrigins(env: NodeJS.ProcessEnv): string[] {
  const raw = env.DPO_BASE_URL || 'https://secure.3gdirectpay.com';
  try {
    return [new URL(raw).origin];
  } catch {
    throw new Error(`DPO_BASE_URL must be a URL, got "${raw}"`);
  }
}

/** GATEWAY_METRICS_PORT, by default the public port + 1000 (8080: 9080); 'off' turns it off. */
function metricsSetting(env: NodeJS.ProcessEnv, publicPort: number): GatewayConfig['metrics'] {
  if (env.GATEWAY_METRICS_PORT === 'off') return null;
  const port = envPort('GATEWAY_METRICS_PORT', publicPort + 1000, env);
  if (port === publicPort && port !== 0) throw new Error('GATEWAY_METRICS_PORT must differ from GATEWAY_PORT: metrics are never public.');
  return { port, host: env.GATEWAY_METRICS_HOST || '127.0.0.1' };
}

/** REDIS_URL: redis://[user:password@]host:6379[/db], or rediss:// over TLS; unset, the gateway keeps everything in memory. */
function redisSetting(env: NodeJS.ProcessEnv): string | null {
  const raw = env.REDIS_URL ?? '';
  if (raw === '') return null;
  if (!/^rediss?:\/\/[^/]/.test(raw)) throw new Error('REDIS_URL must be a redis:// or rediss:// URL');
  return raw;
}

/** Remotes of the storefront and back office; each is optional and found at run time. */
export const KNOWN_REMOTES = [
  { name: 'mf_catalog', folder: 'mf-catalog' },
  { name: 'mf_account', folder: 'mf-account' },
  { name: 'mf_checkout', folder: 'mf-checkout' },
  { name: 'mf_chat', folder: 'mf-chat' },
  { name: 'mf_admin', folder: 'mf-admin' },
] as const;

const envName = (name: string) => `REMOTE_${name.toUpperCase()}_URL`;

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const localRemotes = KNOWN_REMOTES.map((remote) => ({ ...remote, dir: path.join(REPO_ROOT, remote.folder, 'dist') }));
  const port = envPort('GATEWAY_PORT', 8080, env);
  return {
    port,
    // This machine only unless told otherwise: the development mail outbox and every page are then
    // out of reach of the network (GATEWAY_HOST=0.0.0.0 opens the shop to a phone on the LAN; compose sets it).
    host: envString('GATEWAY_HOST', '127.0.0.1', env),
    upstreams: [
      {
        area: SHOP_SERVICES.catalog.area,
        prefixes: [
          '/api/site/brands',
          '/api/site/categories',
          '/api/site/skus',
          '/api/site/products',
          // The shop's one product search and the header's suggestions (GET, public).
          '/api/site/search',
          '/media/',
          '/api/admin/products',
          '/api/admin/categories',
          '/api/admin/brands',
          '/api/admin/audit/catalog',
          '/api/docs/catalog',
        ],
        target: serviceUrl('catalog', env),
        timeoutMs: 5000,
      },
      {
        area: SHOP_SERVICES.customers.area,
        prefixes: [
          '/api/login',
          '/api/logout',
          '/api/admin/logout',
          // The back office's login: sets the HttpOnly staff session cookie.
          '/api/admin/session',
          '/api/site/register',
          '/api/site/counties',
          '/api/forgot-password',
          '/api/get-profile',
          '/api/profile',
          '/api/redeem',
          '/api/points',
          '/api/addresses',
          '/api/admin/customers',
          '/api/admin/users',
          '/api/admin/audit/customers',
          // Development only: the customers service answers 404 here in production.
          '/api/dev/outbox',
          '/api/docs/customers',
        ],
        target: serviceUrl('customers', env),
        timeoutMs: 10000,
      },
      {
        area: SHOP_SERVICES.orders.area,
        prefixes: [
          '/api/site/orders',
          '/api/site/coupons',
          '/api/site/v1',
          '/api/orders',
          '/api/admin/orders',
          '/api/admin/order-statuses',
          '/api/admin/coupons',
          '/api/admin/dashboard',
          '/api/admin/audit/orders',
          '/api/docs/orders',
        ],
        target: serviceUrl('orders', env),
        // Payment providers can be slow to answer a token or a status query.
        timeoutMs: 20000,
      },
      {
        area: SHOP_SERVICES.chat.area,
        prefixes: ['/api/chat', '/api/docs/chat'],
        target: serviceUrl('chat', env),
        // A checkout in the chat places the order and opens the payment page through the orders service.
        timeoutMs: 30000,
      },
    ],
    shellDir: env.SHELL_DIST_DIR || path.join(REPO_ROOT, 'shell', 'dist'),
    localRemotes,
    // REMOTE_MF_CATALOG_URL moves a remote to another origin without rebuilding anything. Without
    // it, a remote is offered only when its build is here to serve.
    remotes: localRemotes.flatMap((remote) => {
      const configured = env[envName(remote.name)];
      if (configured) return [{ name: remote.name, entry: configured }];
      return fs.existsSync(path.join(remote.dir, REMOTE_MANIFEST_FILE))
        ? [{ name: remote.name, entry: `/remotes/${remote.folder}/${REMOTE_MANIFEST_FILE}` }]
        : [];
    }),
    bodyLimitBytes: envPositiveInteger('GATEWAY_BODY_LIMIT_BYTES', 1_000_000, env),
    remotesFile: env.GATEWAY_REMOTES_FILE || undefined,
    rateLimits: rateLimitRules(env),
    trustedProxies: parseTrustedProxies(env.GATEWAY_TRUSTED_PROXIES),
    formTargets: paymentOrigins(env),
    publicUrl: envUrl('PUBLIC_URL', 'http://localhost:8080', env),
    metrics: metricsSetting(env, port),
    redisUrl: redisSetting(env),
    internalSecret: internalSecretSetting(env),
  };
}

/** INTERNAL_SECRET, or the development default outside production; never the default in production. */
function internalSecretSetting(env: NodeJS.ProcessEnv): string | undefined {
  const secret = env.INTERNAL_SECRET ?? '';
  if (env.NODE_ENV === 'production') return secret !== '' && secret !== DEV_INTERNAL_SECRET ? secret : undefined;
  return secret || DEV_INTERNAL_SECRET;
}
