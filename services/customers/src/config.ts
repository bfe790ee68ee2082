import path from 'node:path';
import { envBoolean, envPositiveInteger, envString, internalSecretFromEnv, isProduction, REPO_ROOT, serviceUrl } from '@shop/service-kit';

/** argon2id cost; the defaults are OWASP's (19 MiB, 2 passes, 1 lane). */
export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
}

export interface CustomersConfig {
  production: boolean;
  /** Shared with the other services for /internal/* (x-internal-secret). */
  internalSecret: string;
  /** The orders service, for the back office's order counts and lists of a customer. */
  ordersUrl: string;
  /** Life of a login token without remember-me. */
  tokenTtlHours: number;
  /** Life of a login token with remember-me. */
  rememberTtlDays: number;
  passwordHash: PasswordHashCost;
  /** Mails land here as .json files when no SMTP server is configured. */
  outboxDir: string;
  smtp: SmtpSettings | null;
  mailFrom: string;
  /**
   * The back office's session cookies carry Secure: on by default in production (served over
   * https), off otherwise so plain http://localhost development keeps its session.
   */
  staffCookieSecure: boolean;
  /** Demo staff and customer accounts on an empty development database. */
  seedDemoAccounts: boolean;
}

/** Reads the environment once at start; a production start without INTERNAL_SECRET is refused. */
export function loadCustomersConfig(env: NodeJS.ProcessEnv = process.env): CustomersConfig {
  const production = isProduction(env);
  const smtpHost = envString('SMTP_HOST', '', env);
  const smtpSecure = envBoolean('SMTP_SECURE', false, env);
  return {
    production,
    internalSecret: internalSecretFromEnv('customers', env),
    ordersUrl: serviceUrl('orders', env),
    tokenTtlHours: envPositiveInteger('CUSTOMER_TOKEN_TTL_HOURS', 24, env),
    rememberTtlDays: envPositiveInteger('CUSTOMER_REMEMBER_TTL_DAYS', 30, env),
    passwordHash: {
      memoryCost: envPositiveInteger('PASSWORD_HASH_MEMORY_KIB', 19456, env),
      timeCost: envPositiveInteger('PASSWORD_HASH_TIME_COST', 2, env),
      parallelism: envPositiveInteger('PASSWORD_HASH_PARALLELISM', 1, env),
    },
    outboxDir: env.OUTBOX_DIR || path.join(REPO_ROOT, 'data', 'outbox'),
    smtp: smtpHost
      ? {
          host: smtpHost,
          port: envPositiveInteger('SMTP_PORT', smtpSecure ? 465 : 587, env),
          secure: smtpSecure,
          user: env.SMTP_USER || undefined,
          password: env.SMTP_PASSWORD || undefined,
        }
      : null,
    mailFrom: env.MAIL_FROM || 'Shwari Shop <no-reply@shwarimills.co.ke>',
    staffCookieSecure: envBoolean('STAFF_COOKIE_SECURE', production, env),
    seedDemoAccounts: !production && envBoolean('CUSTOMERS_SEED', true, env),
  };
}
