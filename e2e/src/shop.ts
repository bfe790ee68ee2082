import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { startStack, type Stack } from '../../scripts/stack';

export interface RunningShop {
  stack: Stack;
  url: string;
  /** Every line the shop's processes wrote, each prefixed with [process name]. */
  logs: string[];
  close(): Promise<void>;
}

/**
 * A whole shop for one journey: fresh databases (SQLite files in a temp folder, or a new MySQL
 * database when MYSQL_URL is set, as in CI), every service, the gateway, on ports of its own.
 */
export async function startShop(options: { slot: number; separateRemotes?: string[]; env?: Record<string, string> }): Promise<RunningShop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const env: Record<string, string> = {
    SHOP_DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    OUTBOX_DIR: path.join(dataDir, 'outbox'),
    // Every journey signs in and orders from one address (127.0.0.1): the gateway's per-address
    // limits (tested on their own in services/gateway) must not throttle them.
    GATEWAY_RATE_LIMIT_LOGIN: '100000',
    GATEWAY_RATE_LIMIT_PASSWORD_RESET: '100000',
    GATEWAY_RATE_LIMIT_ORDERS: '100000',
    GATEWAY_RATE_LIMIT_REGISTRATION: '100000',
    GATEWAY_RATE_LIMIT_COUPONS: '100000',
    GATEWAY_RATE_LIMIT_PAYMENTS: '100000',
    GATEWAY_RATE_LIMIT_STK_PUSH: '100000',
    ...options.env,
  };
  let dropDatabase = async () => undefined as void;
  const mysqlUrl = process.env.MYSQL_URL;
  if (mysqlUrl) {
    const name = `shop_e2e_${randomBytes(4).toString('hex')}`;
    const admin: Knex = knexFactory({ client: 'mysql2', connection: { uri: mysqlUrl } as Knex.MySqlConnectionConfig & { uri: string } });
    await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const url = new URL(mysqlUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.destroy();
    };
  }
  const logs: string[] = [];
  const stack = await startStack({
    gatewayPort: 18080 + options.slot * 10,
    portOffset: 20000 + options.slot * 10,
    env,
    separateRemotes: options.separateRemotes,
    log: (line) => {
      logs.push(line);
      if (process.env.E2E_VERBOSE) console.log(line);
    },
  });
  return {
    stack,
    url: stack.url,
    logs,
    close: async () => {
      await stack.stop();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
