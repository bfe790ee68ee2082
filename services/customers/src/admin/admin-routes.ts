import type Koa from 'koa';
import type { Knex } from 'knex';
import {
  ADMIN_MESSAGES,
  adminPageQuerySchema,
  idParamSchema,
  staffCreateBodySchema,
  type AdminCustomer,
  type AdminCustomerDetail,
  type Page,
} from '@shop/api-types';
import {
  currentAuth,
  notFound,
  parseBody,
  parseParams,
  unprocessable,
  type AuthState,
  type Logger,
  type AccessRoutes,
} from '@shop/service-kit';
import { audit } from '../audit';
import type { PasswordHasher } from '../accounts/passwords';
import type { AccountsRepository } from '../accounts/repository';
import { isUniqueViolation } from '../db/errors';
import type { PointsLedger } from '../points/ledger';
import type { TokenStore } from '../sessions/tokens';
import type { CustomerOrdersSource } from './orders-client';
import { AdminAccountsRepository, type CustomerListing } from './repository';

interface AdminRoutesDeps {
  db: Knex;
  accounts: AccountsRepository;
  ledger: PointsLedger;
  hasher: PasswordHasher;
  tokens: TokenStore;
  orders: CustomerOrdersSource;
  logger: Logger;
}

/** The back office's customers and staff (Administration) pages: staff only; staff changes audited. */
export function adminCustomerRoutes(
  routes: AccessRoutes<AuthState>,
  { db, accounts, ledger, hasher, tokens, orders, logger }: AdminRoutesDeps,
): void {
  const router = routes.under('/api/admin');
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  const listing = new AdminAccountsRepository(db);

  const orderCounts = async (ids: number[]): Promise<Record<number, number>> => {
    try {
      return await orders.counts(ids);
    } catch (error) {
      logger.warn({ err: error }, 'order counts unavailable');
      return {};
    }
  };

  const withOrders = (customer: CustomerListing, ordersCount: number): AdminCustomer => ({ ...customer, orders_count: ordersCount });

  router.get('/customers', async (ctx) => {
    const { page, per_page: perPage, q } = parseParams(adminPageQuerySchema, ctx.query);
    const { total, customers } = await listing.customerPage(q, page, perPage);
    const counts = await orderCounts(customers.map((customer) => customer.id));
    const body: Page<AdminCustomer> = {
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      per_page: perPage,
      total,
      data: customers.map((customer) => withOrders(customer, counts[customer.id] ?? 0)),
    };
    ctx.body = body;
  });

  router.get('/customers/view/:id', async (ctx) => {
    const { id } = parseParams(idParamSchema, ctx.params);
    const customer = await listing.customer(id);
    if (!customer) throw notFound('Customer not found.');
    let list: AdminCustomerDetail['orders'] = [];
    try {
      list = await orders.orders(id);
    } catch (error) {
      logger.warn({ err: error, customerId: id }, 'customer orders unavailable');
    }
    const detail: AdminCustomerDetail = { ...withOrders(customer, list.length), orders: list };
    ctx.body = detail;
  });

  router.get('/users', async (ctx) => {
    ctx.body = await listing.staff();
  });

  router.post('/users', async (ctx) => {
    const body = parseBody(staffCreateBodySchema, ctx.request.body);
    if (await accounts.emailTaken(body.email)) throw unprocessable({ email: ['The email has already been taken.'] });
    const auth = currentAuth(ctx);
    const passwordHash = await hasher.hash(body.password);
    let id: number;
    try {
      id = await db.transaction(async (trx) => {
        const created = await accounts.insert(trx, {
          first_name: body.first_name,
          last_name: body.last_name,
          email: body.email,
          phone: null,
          password_hash: passwordHash,
          role: 'staff',
        });
        await audit.record(trx, auth, {
          action: 'staff.created',
          entity: 'staff',
          entityId: created,
          summary: `Added ${body.first_name} ${body.last_name} (${body.email})`,
        });
        return created;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw unprocessable({ email: ['The email has already been taken.'] });
      throw error;
    }
    ctx.status = 201;
    ctx.body = { message: 'Staff member added.', user: await listing.staffMember(id) };
  });

  const setActive =
    (active: boolean): Koa.Middleware<AuthState> =>
    async (ctx) => {
      const { id } = parseParams(idParamSchema, ctx.params);
      const auth = currentAuth(ctx);
      if (!active && id === auth.accountId) throw unprocessable({ id: [ADMIN_MESSAGES.cannotDeactivateSelf] });
      const staff = await accounts.byId(id);
      if (!staff || staff.role !== 'staff') throw notFound('Staff member not found.');
      await db.transaction(async (trx) => {
        await accounts.update(id, { active }, trx);
        // A deactivated member's sessions end at once.
        if (!active) await tokens.revokeAll(id, trx);
        await audit.record(trx, auth, {
          action: active ? 'staff.activated' : 'staff.deactivated',
          entity: 'staff',
          entityId: id,
          summary: `${active ? 'Reactivated' : 'Deactivated'} ${staff.first_name} ${staff.last_name}`,
        });
      });
      ctx.body = { message: `${staff.first_name} ${staff.last_name} ${active ? 'reactivated' : 'deactivated'}.` };
    };
  router.post('/users/:id/deactivate', setActive(false));
  router.post('/users/:id/activate', setActive(true));

  // The ledger stays the only place points change; staff read it here.
  router.get('/customers/:id/points', async (ctx) => {
    const { id } = parseParams(idParamSchema, ctx.params);
    if (!(await listing.isCustomer(id))) throw notFound('Customer not found.');
    ctx.body = await ledger.history(id);
  });
}
