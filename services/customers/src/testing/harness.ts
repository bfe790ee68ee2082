import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { createLogger, listen, type RunningServer } from '@shop/service-kit';
import {
  testRequester,
  type TestAnswer as Answer,
  type TestDatabase,
  type TestRequestOptions as RequestOptions,
} from '@shop/service-kit/testing';
import { PasswordHasher } from '../accounts/passwords';
import { createCustomersApp } from '../app';
import { loadCustomersConfig, type CustomersConfig } from '../config';
import { prepareCustomersDatabase } from '../db/setup';
import { Outbox } from '../mail/mailer';
import type { CustomerOrdersSource } from '../admin/orders-client';

// Tests use a cheap argon2 cost through the same variables an operator would; the defaults stay OWASP's.
process.env.PASSWORD_HASH_MEMORY_KIB ??= '1024';
process.env.PASSWORD_HASH_TIME_COST ??= '1';

export type { Answer, RequestOptions };

export interface Harness {
  db: Knex;
  /** The database's URL (sqlite:... or mysql://...), for child processes. */
  dbUrl: string;
  url: string;
  server: RunningServer;
  config: CustomersConfig;
  outbox: Outbox;
  request(method: string, path: string, options?: RequestOptions): Promise<Answer>;
  /** Registers a new customer (fresh email unless given) and answers its credentials. */
  register(
    overrides?: Partial<{ email: string; password: string; first_name: string; last_name: string; phone: string }>,
  ): Promise<{ email: string; password: string }>;
  /** Logs in and answers the token (fails the test when login fails). */
  login(email: string, password: string, extra?: Record<string, unknown>): Promise<string>;
  /** A new customer, logged in. */
  customer(): Promise<{ email: string; password: string; token: string; accountId: number }>;
  close(): Promise<void>;
}

let counter = 0;
export const uniqueEmail = (prefix = 'shopper'): string => `${prefix}.${process.pid}.${Date.now().toString(36)}.${++counter}@example.com`;

export async function startHarness(
  database: TestDatabase,
  options: { config?: Partial<CustomersConfig>; seedDemoAccounts?: boolean; orders?: CustomerOrdersSource } = {},
): Promise<Harness> {
  const { db, url: dbUrl, drop } = await database.create();
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-customers-outbox-'));
  const config: CustomersConfig = {
    ...loadCustomersConfig({ ...process.env, NODE_ENV: 'test' }),
    outboxDir,
    smtp: null,
    ...options.config,
  };
  const hasher = new PasswordHasher(config.passwordHash);
  await prepareCustomersDatabase(db, { seedDemoAccounts: options.seedDemoAccounts ?? false, hasher });
  const outbox = new Outbox(outboxDir);
  const server = await listen(
    createCustomersApp({ db, logger: createLogger('customers'), config, hasher, mailer: outbox, orders: options.orders }),
    0,
  );

  const request = testRequester(server.url);

  const harness: Harness = {
    db,
    dbUrl,
    url: server.url,
    server,
    config,
    outbox,
    request,
    async register(overrides = {}) {
      const account = {
        email: uniqueEmail(),
        password: 'Passw0rd!23',
        first_name: 'Wanjiku',
        last_name: 'Kamau',
        phone: '0722000111',
        ...overrides,
      };
      const answer = await request('POST', '/api/site/register', { body: account });
      if (answer.status !== 201) throw new Error(`register answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return { email: account.email, password: account.password };
    },
    async login(email, password, extra = {}) {
      const answer = await request('POST', '/api/login', { body: { email, password, ...extra } });
      if (answer.status !== 200) throw new Error(`login answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer.body.token as string;
    },
    async customer() {
      const credentials = await harness.register();
      const token = await harness.login(credentials.email, credentials.password);
      const row: { id: number } = await db('accounts').where({ email: credentials.email }).first('id');
      return { ...credentials, token, accountId: Number(row.id) };
    },
    async close() {
      await server.close();
      await drop();
      fs.rmSync(outboxDir, { recursive: true, force: true });
    },
  };
  return harness;
}
