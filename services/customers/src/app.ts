import packageJson from '../package.json';
import { CUSTOMERS_CONTRACT } from './contract';
import type { Knex } from 'knex';
import { accessRoutes, callerGuards, createAuthGuards, createServiceApp, type Logger } from '@shop/service-kit';
import { audit } from './audit';
import { adminCustomerRoutes } from './admin/admin-routes';
import { httpCustomerOrders, type CustomerOrdersSource } from './admin/orders-client';
import { accountRoutes } from './accounts/routes';
import { PasswordHasher } from './accounts/passwords';
import { AccountsRepository } from './accounts/repository';
import { addressRoutes } from './addresses/routes';
import { AddressesRepository } from './addresses/repository';
import type { CustomersConfig } from './config';
import { createMailer, Outbox, type Mailer } from './mail/mailer';
import { outboxRoutes } from './mail/routes';
import { ResetCodes } from './password-reset/codes';
import { passwordResetRoutes } from './password-reset/routes';
import { PlacesRepository } from './places/repository';
import { placesRoutes } from './places/routes';
import { PointsLedger } from './points/ledger';
import { pointsInternalRoutes } from './points/internal-routes';
import { pointsRoutes } from './points/routes';
import { profileRoutes } from './profile/routes';
import { tokenIntrospectionRoutes } from './sessions/internal-routes';
import { sessionRoutes } from './sessions/routes';
import { LoginThrottle, type LoginThrottleRules } from './sessions/throttle';
import { TokenStore } from './sessions/tokens';

export interface CustomersAppOptions {
  db: Knex;
  logger: Logger;
  config: CustomersConfig;
  /** Defaults to SMTP when configured, else the local outbox. */
  mailer?: Mailer;
  hasher?: PasswordHasher;
  loginRules?: LoginThrottleRules;
  /** Order counts and orders for the back office's customer pages; by default the orders service. */
  orders?: CustomerOrdersSource;
}

/** Accounts, sessions, profile, addresses, places, points and password reset, all under /api (and /internal for services). */
export function createCustomersApp(options: CustomersAppOptions) {
  const { db, logger, config } = options;
  const app = createServiceApp({ name: 'customers', version: packageJson.version, contract: CUSTOMERS_CONTRACT, logger, db });

  const hasher = options.hasher ?? new PasswordHasher(config.passwordHash);
  const mailer = options.mailer ?? createMailer(config);
  const accounts = new AccountsRepository(db);
  const tokens = new TokenStore(db);
  const throttle = new LoginThrottle(db, options.loginRules);
  const ledger = new PointsLedger(db);
  const places = new PlacesRepository(db);
  const addresses = new AddressesRepository(db);
  const codes = new ResetCodes(db);
  const guards = createAuthGuards((token) => tokens.resolve(token));

  const routes = accessRoutes('customers', callerGuards(guards, { internalSecret: config.internalSecret, production: config.production }));
  accountRoutes(routes, { db, accounts, ledger, hasher });
  sessionRoutes(routes, { config, accounts, hasher, tokens, throttle });
  profileRoutes(routes, { db, accounts, ledger, hasher, tokens, throttle, mailer, logger });
  pointsRoutes(routes, { ledger });
  addressRoutes(routes, { addresses, places });
  placesRoutes(routes, places);
  passwordResetRoutes(routes, { db, logger, accounts, hasher, tokens, throttle, codes, mailer });
  tokenIntrospectionRoutes(routes, { tokens });
  pointsInternalRoutes(routes, { ledger });
  adminCustomerRoutes(routes, {
    db,
    accounts,
    ledger,
    hasher,
    tokens,
    logger,
    orders: options.orders ?? httpCustomerOrders(config.ordersUrl, config.internalSecret),
  });
  audit.routes(db, routes);
  // The outbox is a development aid: in production its guard answers 404 before anything is read.
  outboxRoutes(routes, mailer instanceof Outbox ? mailer : new Outbox(config.outboxDir));
  routes.mount(app);
  return app;
}
