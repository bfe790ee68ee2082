import path from 'node:path';
import { DEV_INTERNAL_SECRET, REPO_ROOT } from '@shop/service-kit';

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
  /** Life of a login token without remember-me. */
  tokenTtlHours: number;
  /** Life of a login token with remember-me. */
  rememberTtlDays: number;
  passwordHash: PasswordHashCost;
  /** Mails land here as .json files when no SMTP server is configured. */
  outboxDir: string;
  smtp: SmtpSettings | null;
  mailFrom: string;
  /** Demo staff and customer accounts on an empty development database. */
  seedDemoAccounts: boolean;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

/** Reads the environment once at start; a production start without INTERNAL_SECRET is refused. */
export function loadCustomersConfig(env: NodeJS.ProcessEnv = process.env): CustomersConfig {
  const production = env.NODE_ENV === 'production';
  const internalSecret = env.INTERNAL_SECRET ?? '';
  if (production && internalSecret.length === 0) {
    throw new Error('INTERNAL_SECRET must be set in production: the other services use it to reach /internal/* of the customers service.');
  }
  if (production && internalSecret === DEV_INTERNAL_SECRET) throw new Error('INTERNAL_SECRET must not be the development default in production: set a long random value.');
  const smtpHost = env.SMTP_HOST ?? '';
  const smtpSecure = env.SMTP_SECURE === 'true' || env.SMTP_SECURE === '1';
  return {
    production,
    internalSecret: internalSecret || DEV_INTERNAL_SECRET,
    tokenTtlHours: positiveInteger(env, 'CUSTOMER_TOKEN_TTL_HOURS', 24),
    rememberTtlDays: positiveInteger(env, 'CUSTOMER_REMEMBER_TTL_DAYS', 30),
    passwordHash: {
      memoryCost: positiveInteger(env, 'PASSWORD_HASH_MEMORY_KIB', 19456),
      timeCost: positiveInteger(env, 'PASSWORD_HASH_TIME_COST', 2),
      parallelism: positiveInteger(env, 'PASSWORD_HASH_PARALLELISM', 1),
    },
    outboxDir: env.OUTBOX_DIR || path.join(REPO_ROOT, 'data', 'outbox'),
    smtp: smtpHost
      ? {
          host: smtpHost,
          port: positiveInteger(env, 'SMTP_PORT', smtpSecure ? 465 : 587),
          secure: smtpSecure,
          user: env.SMTP_USER || undefined,
          password: env.SMTP_PASSWORD || undefined,
        }
      : null,
    mailFrom: env.MAIL_FROM || 'Shwari Shop <no-reply@shwarimills.co.ke>',
    seedDemoAccounts: !production && env.CUSTOMERS_SEED !== 'false',
  };
}
