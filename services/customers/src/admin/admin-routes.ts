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
  type StaffMember,
} from '@shop/api-types';
import {
  currentAuth,
  notFound,
  parseBody,
  parseParams,
  toIso,
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

interface AdminRoutesDeps {
  db: Knex;
  accounts: AccountsRepository;
  ledger: PointsLedger;
  hasher: PasswordHasher;
  tokens: TokenStore;
  orders: CustomerOrdersSource;
  logger: Logger;
}

interface AccountListRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  photo: string | null;
  active: number | boolean;
  created_at: Date | string;
  balance: number | string | null;
}

const escapeLike = (text: string): string => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

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

  const customersQuery = (q?: string) => {
    const query = db('accounts as a').where('a.role', 'customer');
    if (q) {
      const pattern = escapeLike(q);
      query.where((any) =>
        any
          .whereRaw("lower(a.first_name) like ? escape '!'", [pattern])
          .orWhereRaw("lower(a.last_name) like ? escape '!'", [pattern])
          .orWhereRaw("lower(a.email) like ? escape '!'", [pattern])
          .orWhereRaw("a.phone like ? escape '!'", [pattern]),
      );
    }
    return query;
  };

  const orderCounts = async (ids: number[]): Promise<Record<number, number>> => {
    try {
      return await orders.counts(ids);
    } catch (error) {
      logger.warn({ err: error }, 'order counts unavailable');
      return {};
    }
  };

  const toCustomer = (row: AccountListRow, counts: Record<number, number>): AdminCustomer => ({
    id: Number(row.id),
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    photo: row.photo,
    orders_count: counts[Number(row.id)] ?? 0,
    loyalty_points: { current_balance: Number(row.balance ?? 0) },
    created_at: toIso(row.created_at) ?? '',
  });

  /** The balance is the sum of the ledger (see points/ledger.ts), read in the same query. */
  const balance = db.raw('(select coalesce(sum(l.delta), 0) from points_ledger l where l.account_id = a.id) as balance');

  router.get('/customers', async (ctx) => {
    const { page, per_page: perPage, q } = parseParams(adminPageQuerySchema, ctx.query);
    const [{ total }] = (await customersQuery(q).count<{ total: number | string }[]>({ total: '*' })) as [{ total: number | string }];
    const rows: AccountListRow[] = await customersQuery(q)
      .select('a.id', 'a.first_name', 'a.last_name', 'a.email', 'a.phone', 'a.photo', 'a.active', 'a.created_at', balance)
      .orderBy('a.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage);
    const counts = await orderCounts(rows.map((row) => Number(row.id)));
    const count = Number(total);
    const body: Page<AdminCustomer> = {
      current_page: page,
      last_page: Math.max(1, Math.ceil(count / perPage)),
      per_page: perPage,
      total: count,
      data: rows.map((row) => toCustomer(row, counts)),
    };
    ctx.body = body;
  });

  router.get('/customers/view/:id', async (ctx) => {
    const { id } = parseParams(idParamSchema, ctx.params);
    const row: AccountListRow | undefined = await customersQuery()
      .where('a.id', id)
      .first('a.id', 'a.first_name', 'a.last_name', 'a.email', 'a.phone', 'a.photo', 'a.active', 'a.created_at', balance);
    if (!row) throw notFound('Customer not found.');
    let list: AdminCustomerDetail['orders'] = [];
    try {
      list = await orders.orders(id);
    } catch (error) {
      logger.warn({ err: error, customerId: id }, 'customer orders unavailable');
    }
    const detail: AdminCustomerDetail = { ...toCustomer(row, { [id]: list.length }), orders: list };
    ctx.body = detail;
  });

  const toStaff = (row: {
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    active: number | boolean;
    created_at: Date | string;
  }): StaffMember => ({
    id: Number(row.id),
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    active: Boolean(row.active),
    created_at: toIso(row.created_at) ?? '',
  });

  router.get('/users', async (ctx) => {
    const rows = await db('accounts')
      .where('role', 'staff')
      .orderBy('id')
      .select('id', 'first_name', 'last_name', 'email', 'active', 'created_at');
    ctx.body = rows.map(toStaff);
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
    const row = await db('accounts').where({ id }).first('id', 'first_name', 'last_name', 'email', 'active', 'created_at');
    ctx.status = 201;
    ctx.body = { message: 'Staff member added.', user: toStaff(row) };
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
    if (!(await customersQuery().where('a.id', id).first('a.id'))) throw notFound('Customer not found.');
    ctx.body = await ledger.history(id);
  });
}
