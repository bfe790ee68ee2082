import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import knexFactory from 'knex';
import { createDatabase, type Dialect } from './database';

/**
 * The databases a service suite runs on: SQLite always, MySQL too when MYSQL_URL is set (CI sets
 * it). Each test database is new and dropped afterwards, so suites never see each other's rows.
 */
export interface TestDatabase {
  dialect: Dialect;
  create(): Promise<{ db: Knex; url: string; drop(): Promise<void> }>;
}

export function testDatabases(service: string): TestDatabase[] {
  const list: TestDatabase[] = [
    {
      dialect: 'sqlite',
      async create() {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${service}-`));
        const file = path.join(dir, 'test.sqlite');
        const url = `sqlite:${file}`;
        const db = createDatabase({ service, url });
        return {
          db,
          url,
          drop: async () => {
            await db.destroy();
            fs.rmSync(dir, { recursive: true, force: true });
          },
        };
      },
    },
  ];
  const mysqlUrl = process.env.MYSQL_URL;
  if (mysqlUrl) {
    list.push({
      dialect: 'mysql',
      async create() {
        const name = `shop_test_${service.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
        const admin = knexFactory({ client: 'mysql2', connection: { uri: mysqlUrl } as Knex.MySqlConnectionConfig & { uri: string } });
        await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
        const base = new URL(mysqlUrl);
        base.pathname = `/${name}`;
        const url = base.toString();
        const db = createDatabase({ service, url });
        return {
          db,
          url,
          drop: async () => {
            await db.destroy();
            await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``);
            await admin.destroy();
          },
        };
      },
    });
  }
  return list;
}

/** What a test request answered: the body parsed as JSON when it is JSON, else the text. */
export interface TestAnswer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever JSON the route answered and assert on it field by field.
  body: any;
}

export interface TestRequestOptions {
  body?: unknown;
  /** Sent as is (for malformed JSON); wins over `body`. */
  raw?: string;
  token?: string;
  headers?: Record<string, string>;
}

/** Calls a service under test over real HTTP; redirects are answered, not followed. */
export function testRequester(baseUrl: string) {
  return async (method: string, urlPath: string, { body, raw, token, headers = {} }: TestRequestOptions = {}): Promise<TestAnswer> => {
    const sentHeaders: Record<string, string> = { ...headers };
    const sent = raw ?? (body === undefined ? undefined : JSON.stringify(body));
    if (sent !== undefined) sentHeaders['content-type'] ??= 'application/json';
    if (token) sentHeaders.authorization = `Bearer ${token}`;
    const response = await fetch(`${baseUrl}${urlPath}`, { method, headers: sentHeaders, body: sent, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: response.status, headers: response.headers, body: parsed };
  };
}
