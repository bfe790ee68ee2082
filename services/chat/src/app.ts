import packageJson from '../package.json';
import { CHAT_CONTRACT } from './contract';
import type { Knex } from 'knex';
import { accessRoutes, createServiceApp, type Logger, type ServiceState } from '@shop/service-kit';
import { CatalogClient } from './clients/catalog';
import { CustomersClient } from './clients/customers';
import { OrdersClient } from './clients/orders';
import type { ChatConfig } from './config';
import { SessionsRepository } from './db/sessions';
import { Assistant } from './engine/assistant';
import { CatalogueCache } from './engine/catalogue';
import { LlmInterpreter } from './engine/llm';
import { OrderLimit } from './engine/order-limit';
import { chatRoutes } from './routes';

export interface ChatServices {
  db: Knex;
  logger: Logger;
  config: ChatConfig;
  /** The catalogue's lookups (tests step in between a lookup and the order to play a staff change at that moment). */
  catalog: CatalogClient;
  sessions: SessionsRepository;
  assistant: Assistant;
}

export function buildChatServices(options: { db: Knex; logger: Logger; config: ChatConfig }): ChatServices {
  const { db, logger, config } = options;
  const catalog = new CatalogClient(config.catalogUrl, config.internalSecret, { revisionCheckMs: config.catalogRevisionCheckMs });
  const sessions = new SessionsRepository(db);
  const assistant = new Assistant({
    catalogue: new CatalogueCache(catalog, config.catalogTtlMs, logger),
    catalog,
    customers: new CustomersClient(config.customersUrl),
    orders: new OrdersClient(config.ordersUrl),
    sessions,
    llm: config.llm ? new LlmInterpreter(config.llm, logger) : null,
    orderLimit: new OrderLimit(config.ordersPerMinute),
    logger,
  });
  return { db, logger, config, catalog, sessions, assistant };
}

/** POST /api/chat, health checks, and the shop's one error shape. */
export function createChatApp(services: ChatServices) {
  const app = createServiceApp({
    name: 'chat',
    version: packageJson.version,
    contract: CHAT_CONTRACT,
    logger: services.logger,
    db: services.db,
    bodyLimit: '100kb',
  });
  // POST /api/chat is public (a signed-in shopper's bearer is read by the assistant, not required).
  const routes = accessRoutes<ServiceState>('chat', {});
  chatRoutes(routes, services.assistant);
  routes.mount(app);
  return app;
}
