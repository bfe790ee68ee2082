/**
 * The chat service under test with the REAL catalog, customers and orders services beside it: the
 * orders service's own test harness starts all three in-process from their workspaces, each on a
 * fresh test database of the same dialect and a free port; the chat app gets its own test
 * database and talks to them over real HTTP. Only a language model, when a test wants one, is a
 * local fake (fake-llm.ts).
 */
import type { Knex } from 'knex';
import type { ChatReply } from '@shop/api-types';
import { createLogger, listen, type RunningServer } from '@shop/service-kit';
import type { TestDatabase } from '@shop/service-kit/testing';
import { sibling, startOrdersHarness, type OrdersHarness } from '../../../orders/src/testing/harness';

/** The county and sub-county ids the orders harness seeds, handed on so chat suites reach the orders service only through this harness. */
export { NAIROBI, WESTLANDS } from '../../../orders/src/testing/harness';
import { buildChatServices, createChatApp, type ChatServices } from '../app';
import { loadChatConfig, type ChatConfig } from '../config';
import { prepareChatDatabase } from '../db/setup';

export interface Answer<T = ChatReply> {
  status: number;
  headers: Headers;
  body: T;
}

export interface ChatApp {
  url: string;
  services: ChatServices;
  close(): Promise<void>;
}

export interface ChatHarness {
  /** The catalog, customers and orders services (and their databases). */
  shop: OrdersHarness;
  db: Knex;
  config: ChatConfig;
  app: ChatApp;
  /** POST /api/chat with a JSON body (or a raw string) and optional headers. */
  post(body: unknown, options?: { raw?: string; token?: string; headers?: Record<string, string> }): Promise<Answer>;
  /** Another chat app on the same database (a restart), or with other settings. */
  startApp(config?: Partial<ChatConfig>): Promise<ChatApp>;
  close(): Promise<void>;
}

export async function startChatApp(db: Knex, config: ChatConfig): Promise<ChatApp> {
  const services = buildChatServices({ db, logger: createLogger('chat'), config });
  const server: RunningServer = await listen(createChatApp(services), 0);
  return { url: server.url, services, close: () => server.close() };
}

export async function postChat(
  url: string,
  body: unknown,
  options: { raw?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${url}/api/chat`, { method: 'POST', headers, body: options.raw ?? JSON.stringify(body) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // left as text: the test will say what came back
  }
  return { status: response.status, headers: response.headers, body: parsed as ChatReply };
}

export async function startChatHarness(
  database: TestDatabase,
  options: { config?: Partial<ChatConfig>; seedDemoAccounts?: boolean } = {},
): Promise<ChatHarness> {
  const shop = await startOrdersHarness(sibling('orders', database.dialect), { seedDemoAccounts: options.seedDemoAccounts });
  const { db, drop } = await database.create();
  await prepareChatDatabase(db);
  const config: ChatConfig = {
    ...loadChatConfig({ NODE_ENV: 'test' }),
    internalSecret: shop.config.internalSecret,
    catalogUrl: shop.catalog.url,
    customersUrl: shop.customers.url,
    ordersUrl: shop.url,
    // As the orders service's tests: a staff change (shop.changeCatalogue) is seen by the next message.
    catalogRevisionCheckMs: 1,
    ...options.config,
  };
  const apps: ChatApp[] = [];
  const startApp = async (overrides: Partial<ChatConfig> = {}) => {
    const app = await startChatApp(db, { ...config, ...overrides });
    apps.push(app);
    return app;
  };
  const app = await startApp();
  return {
    shop,
    db,
    config,
    app,
    post: (body, requestOptions) => postChat(app.url, body, requestOptions),
    startApp,
    async close() {
      for (const running of apps) await running.close();
      await drop();
      await shop.close();
    },
  };
}
