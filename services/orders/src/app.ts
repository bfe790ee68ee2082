import packageJson from '../package.json';
import { ORDERS_CONTRACT } from './contract';
import type { Knex } from 'knex';
import {
  accessRoutes,
  cachedTokenResolver,
  callerGuards,
  createAuthGuards,
  createServiceApp,
  HttpError,
  httpTokenResolver,
  type AuthGuards,
  type Logger,
  type TokenResolver,
} from '@shop/service-kit';
import { adminRoutes } from './admin/routes';
import { audit } from './audit';
import { CatalogClient } from './clients/catalog';
import { CustomersClient } from './clients/customers';
import { OneTripWriter } from './checkout/one-trip-writer';
import { CheckoutService } from './checkout/place-order';
import { checkoutRoutes } from './checkout/routes';
import type { OrdersConfig } from './config';
import { CouponsRepository } from './coupons/repository';
import { couponRoutes } from './coupons/routes';
import { OrderNumbers } from './orders/numbers';
import { OrdersRepository } from './orders/repository';
import { orderInternalRoutes } from './orders/internal-routes';
import { customerOrderRoutes } from './orders/routes';
import { pendingOrderRoutes } from './orders/pending-routes';
import { CallbackQueryLimiter } from './payments/callback-query-limiter';
import { DpoProvider } from './payments/dpo';
import { MpesaProvider } from './payments/mpesa';
import { Reconciler } from './payments/reconcile';
import { paymentRoutes } from './payments/routes';
import { PaymentsService } from './payments/service';
import { PaymentSimulator } from './payments/simulator';
import type { HostedProvider, MobileMoneyProvider } from './payments/types';

export interface OrdersServices {
  db: Knex;
  logger: Logger;
  config: OrdersConfig;
  catalog: CatalogClient;
  customers: CustomersClient;
  coupons: CouponsRepository;
  orders: OrdersRepository;
  numbers: OrderNumbers;
  checkout: CheckoutService;
  payments: PaymentsService;
  /** Set when the simulator plays the hosted page (and M-Pesa when there are no Daraja credentials). */
  simulator: PaymentSimulator | null;
  reconciler: Reconciler;
  /** Caps the Daraja queries unsigned M-Pesa callbacks trigger. */
  callbackQueries: CallbackQueryLimiter;
  guards: AuthGuards;
  clock?: () => Date;
  /** Closes what the services opened besides `db` (the MySQL one-trip writer's pool). */
  close(): Promise<void>;
}

/**
 * A customer token is checked by the customers service, and taken as live for `tokenCacheMs` after
 * (5 s): a signed-in checkout, and the payment page polling its order, cost that service one
 * question per token every few seconds instead of one per request; a revoked token stops working
 * here within that bound. When the service cannot be reached the answer is 503, not 500.
 */
function introspection(config: OrdersConfig, logger: Logger): TokenResolver {
  const resolve = cachedTokenResolver(httpTokenResolver({ baseUrl: config.customersUrl, internalSecret: config.internalSecret }), {
    ttlMs: config.tokenCacheMs,
  });
  return async (token) => {
    try {
      return await resolve(token);
    } catch (error) {
      logger.error({ err: error }, 'token introspection failed');
      throw new HttpError(503, 'We could not check your sign-in right now. Please try again in a moment.');
    }
  };
}

/** Everything the routes, the reconciler and the seed share, wired from the configuration. */
export function buildOrdersServices(options: {
  db: Knex;
  logger: Logger;
  config: OrdersConfig;
  clock?: () => Date;
  tokenResolver?: TokenResolver;
}): OrdersServices {
  const { db, logger, config, clock } = options;
  const catalog = new CatalogClient(config.catalogUrl, config.internalSecret, { revisionCheckMs: config.catalogRevisionCheckMs });
  const customers = new CustomersClient(config.customersUrl, config.internalSecret);
  const coupons = new CouponsRepository(db);
  const orders = new OrdersRepository(db);
  const numbers = new OrderNumbers(db);
  const { payments: settings } = config;

  const simulator = settings.hosted === 'simulator' ? new PaymentSimulator(db, settings.simulatorPushDelayMs, clock) : null;
  const hosted: HostedProvider =
    settings.hosted === 'dpo' && settings.dpo ? new DpoProvider(settings.dpo, config.publicUrl, clock) : simulator!;
  const mobile: MobileMoneyProvider | null = settings.mpesa ? new MpesaProvider(settings.mpesa, config.publicUrl, clock) : simulator;

  const payments = new PaymentsService({ db, logger, customers, coupons, orders, hosted, mobile, simulator, clock });
  const writer = OneTripWriter.for(db);
  const checkout = new CheckoutService({ db, catalog, customers, coupons, numbers, logger, writer, payments, orders });
  const reconciler = new Reconciler({ db, payments, customers, logger, clock, unpaidOrderTtlMinutes: config.unpaidOrderTtlMinutes });
  const guards = createAuthGuards(options.tokenResolver ?? introspection(config, logger));
  const callbackQueries = new CallbackQueryLimiter(settings.callbackQueries);
  const close = async () => {
    await writer?.close();
  };
  return {
    db,
    logger,
    config,
    catalog,
    customers,
    coupons,
    orders,
    numbers,
    checkout,
    payments,
    simulator,
    reconciler,
    callbackQueries,
    guards,
    clock,
    close,
  };
}

/** Checkout, coupons, customer orders and payments under /api as the spec names them; the back office under /api/admin. */
export function createOrdersApp(services: OrdersServices) {
  const { db, logger } = services;
  const app = createServiceApp({ name: 'orders', version: packageJson.version, contract: ORDERS_CONTRACT, logger, db });
  const routes = accessRoutes(
    'orders',
    callerGuards(services.guards, { internalSecret: services.config.internalSecret, production: services.config.production }),
  );
  checkoutRoutes(routes, { checkout: services.checkout });
  couponRoutes(routes, services.coupons);
  customerOrderRoutes(routes, { orders: services.orders });
  paymentRoutes(routes, {
    payments: services.payments,
    simulator: services.simulator,
    logger,
    callbackQueries: services.callbackQueries,
  });
  pendingOrderRoutes(routes, { orders: services.orders, payments: services.payments });
  orderInternalRoutes(routes, { orders: services.orders });
  adminRoutes(routes, {
    db,
    orders: services.orders,
    coupons: services.coupons,
    payments: services.payments,
    logger,
    clock: services.clock,
  });
  audit.routes(db, routes);
  routes.mount(app);
  return app;
}
