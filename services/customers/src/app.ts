import packageJson from '../package.json';
import { CUSTOMERS_CONTRACT } from './contract';
import type { Knex } from 'knex';
import { createAuthGuards, createServiceApp, type Logger } from '@shop/service-kit';
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

  const routers = [
    accountRoutes({ db, accounts, ledger, hasher }),
    sessionRoutes({ config, accounts, hasher, tokens, throttle, guards }),
    profileRoutes({ db, accounts, ledger, hasher, tokens, throttle, mailer, logger, guards }),
    pointsRoutes({ ledger, guards }),
    addressRoutes({ addresses, places, guards }),
    placesRoutes(places),
    passwordResetRoutes({ db, logger, accounts, hasher, tokens, throttle, codes, mailer }),
    tokenIntrospectionRoutes({ tokens, internalSecret: config.internalSecret }),
    pointsInternalRoutes({ ledger, internalSecret: config.internalSecret }),
    adminCustomerRoutes({
      db,
      accounts,
      ledger,
      hasher,
      tokens,
      guards,
      logger,
      orders: options.orders ?? httpCustomerOrders(config.ordersUrl, config.internalSecret),
    }),
    audit.routes(db, guards.requireStaff),
  ];
  // The outbox is a development aid: in production the routes do not exist at all.
  if (!config.production) routers.push(outboxRoutes(mailer instanceof Outbox ? mailer : new Outbox(config.outboxDir)));

  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  return app;
}
