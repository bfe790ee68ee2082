import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { ACCESS_TABLE, accessPathPattern } from '@shop/api-types';
import {
  answerSchemaOf,
  expectAnswerMatches,
  expectRequestMatches,
  PUBLISHED_DOCUMENTS,
  requestSchemaOf,
  type Method,
} from '@shop/api-types/openapi/contractCheck';
import type { Knex } from 'knex';
import knexFactory from 'knex';
import { createDatabase, type Dialect } from './database';
import { observeServiceCalls } from './service-client/service-client';

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

const ROUTES = ACCESS_TABLE.map((row) => ({ row, pattern: accessPathPattern(row.path) }));
const drifted: string[] = [];

/**
 * Holds one call to a service to that service's published OpenAPI document: the body sent to the
 * request schema, a success answer to the answer schema. The route is found in the access table;
 * a call no row serves is not checked. Mismatches are kept for takeContractDrift.
 */
export function checkAgainstContract(call: { method: string; path: string; sent?: unknown; status: number; answer: unknown }): void {
  const pathname = call.path.split('?')[0]!;
  const served = ROUTES.find(({ row, pattern }) => row.method === call.method && pattern.test(pathname));
  if (!served) return;
  const document = PUBLISHED_DOCUMENTS[served.row.service];
  const path = served.row.path.replace(/:(\w+)/g, '{$1}');
  const verb = call.method.toLowerCase() as Method;
  try {
    if (call.sent !== undefined && requestSchemaOf(document, verb, path)) expectRequestMatches(document, verb, path, call.sent);
    if (call.status >= 200 && call.status < 300 && answerSchemaOf(document, verb, path))
      expectAnswerMatches(document, verb, path, call.answer);
  } catch (error) {
    drifted.push(`${call.method} ${pathname} (${call.status}): ${(error as Error).message}`);
  }
}

/** The contract mismatches seen since the last call, cleared (the hook below fails a test that leaves any). */
export const takeContractDrift = (): string[] => drifted.splice(0);

// Every call one service makes to another in a test is held to the called service's contract.
observeServiceCalls(({ method, path, body, answer }) =>
  checkAgainstContract({ method, path, sent: body, status: answer.status, answer: answer.body }),
);

// Registered for every test file that imports these helpers, as testing-library registers its cleanup.
if (typeof afterEach === 'function')
  afterEach(() => {
    const found = takeContractDrift();
    if (found.length) throw new Error(`A call between services or an answer broke the published contract:\n${found.join('\n')}`);
  });

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
    // What the service under test answers is held to its published contract too.
    if (raw === undefined && (response.headers.get('content-type') ?? '').includes('json'))
      checkAgainstContract({ method, path: urlPath, status: response.status, answer: parsed });
    return { status: response.status, headers: response.headers, body: parsed };
  };
}
