import type Koa from 'koa';
import type { Knex } from 'knex';
import {
  ADMIN_MESSAGES,
  DATE_RANGE_MESSAGE,
  adminOrdersQuerySchema,
  parseDateRange,
  adminReportQuerySchema,
  couponFormSchema,
  idParamSchema,
  orderStatusChangeBodySchema,
  type AdminOrdersResponse,
  type RefundDoneResponse,
} from '@shop/api-types';
import {
  badRequest,
  currentAuth,
  HttpError,
  notFound,
  parseBody,
  parseParams,
  unprocessable,
  type AuthState,
  type Logger,
  type AccessRoutes,
} from '@shop/service-kit';
import type { CouponsRepository } from '../coupons/repository';
import { ORDER_STATUSES } from '../orders/statuses';
import type { OrdersRepository } from '../orders/repository';
import type { PaymentsService } from '../payments/service';
import { AdminCoupons } from './coupons-admin';
import { multipartFields } from './multipart';
import { AdminOrders } from './orders-admin';
import { Reports } from './reports';

export interface AdminRoutesDeps {
  db: Knex;
  orders: OrdersRepository;
  coupons: CouponsRepository;
  payments: PaymentsService;
  logger: Logger;
  clock?: () => Date;
}

/** The back office's orders, coupons, dashboard and reports (admin spec section 7), staff only. */
export function adminRoutes(routes: AccessRoutes<AuthState>, deps: AdminRoutesDeps): void {
  const adminOrders = new AdminOrders(deps.db, deps.orders, deps.coupons, deps.clock);
  const adminCoupons = new AdminCoupons(deps.db);
  const reports = new Reports(deps.db, deps.clock);
  const router = routes.under('/api/admin');
  router.use(async (ctx, next) => {
    await next();
    ctx.set('Cache-Control', 'private, no-store');
  });

  // Orders.
  router.get('/orders', async (ctx) => {
    const answer: AdminOrdersResponse = { orders: await adminOrders.page(parseParams(adminOrdersQuerySchema, ctx.query)) };
    ctx.body = answer;
  });
  router.get('/orders/export.csv', async (ctx) => {
    const query = parseParams(adminOrdersQuerySchema, ctx.query);
    ctx.set('Content-Disposition', 'attachment; filename="orders.csv"');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = adminOrders.csv(query);
  });
  router.get('/orders/:id', async (ctx) => {
    const { id } = parseParams(idParamSchema, ctx.params);
    const order = await adminOrders.one(id);
    if (!order) throw notFound('Order not found.');
    ctx.body = { order };
  });
  router.post('/orders/:id/status', async (ctx) => {
    const { id } = parseParams(idParamSchema, ctx.params);
    const body = parseBody(orderStatusChangeBodySchema, ctx.request.body);
    const row = await deps.orders.byId(id);
    if (!row) throw notFound('Order not found.');
    const result = await adminOrders.changeStatus(currentAuth(ctx), row, body.status_id, body.note);
    if ('error' in result) throw unprocessable({ status_id: [result.error] });
    // After the commit, as on the unpaid-cancellation path: redeemed points go back, then what a paid
    // order earned is taken back (each once; the reconciler retries a failure).
    if (result.cancelled) {
      await deps.payments.refundRedeemedPoints(id);
      await deps.payments.reverseEarnedPoints(id);
    }
    ctx.body = { order: await adminOrders.one(id) };
  });
  // Staff record that the money owed back (a late or a second payment) was sent to the customer.
  router.post('/orders/:id/refund-done', async (ctx) => {
    const { id } = parseParams(idParamSchema, ctx.params);
    const row = await deps.orders.byId(id);
    if (!row) throw notFound('Order not found.');
    const result = await adminOrders.markRefunded(currentAuth(ctx), row);
    if ('error' in result) throw new HttpError(409, result.error);
    const answer: RefundDoneResponse = { message: ADMIN_MESSAGES.refundMarkedMade, order: (await adminOrders.one(id))! };
    ctx.body = answer;
  });
  router.get('/order-statuses', (ctx) => {
    ctx.body = ORDER_STATUSES.map(({ id, name, color }) => ({ id, name, color }));
  });

  // Coupons.
  router.get('/coupons', async (ctx) => {
    ctx.body = await adminCoupons.list();
  });
  router.get('/coupons/view/:id', async (ctx) => {
    const { id } = parseParams(idParamSchema, ctx.params);
    const coupon = await adminCoupons.detail(id);
    if (!coupon) throw notFound('Coupon not found.');
    ctx.body = coupon;
  });
  // JSON or multipart/form-data with the same field names (admin spec section 7 sends multipart).
  router.post('/coupons/store', multipartFields, async (ctx) => {
    const form = parseBody(couponFormSchema, ctx.request.body);
    const coupon = await adminCoupons.save(currentAuth(ctx), null, form);
    ctx.status = 201;
    ctx.body = { message: ADMIN_MESSAGES.couponSaved, coupon };
  });
  router.post('/coupons/update/:id', multipartFields, async (ctx) => {
    const { id } = parseParams(idParamSchema, ctx.params);
    const form = parseBody(couponFormSchema, ctx.request.body);
    const coupon = await adminCoupons.save(currentAuth(ctx), id, form);
    if (!coupon) throw notFound('Coupon not found.');
    ctx.body = { message: ADMIN_MESSAGES.couponUpdated, coupon };
  });

  // Dashboard.
  router.get('/dashboard/depot', async (ctx) => {
    ctx.body = await reports.depot();
  });
  router.get('/dashboard/statusReport', async (ctx) => {
    ctx.body = await reports.statusReport();
  });
  router.get('/dashboard/revenueChart', async (ctx) => {
    ctx.body = await reports.revenueChart();
  });
  router.get('/dashboard/monthlySalesTotal', async (ctx) => {
    ctx.body = await reports.monthlySalesTotal();
  });
  router.get('/dashboard/today', async (ctx) => {
    ctx.body = await reports.today();
  });

  // Reports. A bad date range answers 400 with the range's own sentence, not the generic one.
  const reportQuery = (query: Record<string, unknown>) => {
    if (!parseDateRange(query.daterange)) throw badRequest(DATE_RANGE_MESSAGE, { daterange: [DATE_RANGE_MESSAGE] });
    return parseParams(adminReportQuerySchema, query);
  };
  // A year's report is a few hundred KB of JSON: serialized once here, where Koa's Content-Length,
  // the ETag and compression would each serialize an object body again.
  const json = (ctx: Koa.Context, body: unknown) => {
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(body);
  };
  router.get('/dashboard/category_report', async (ctx) => {
    json(ctx, await reports.categoryReport(reportQuery(ctx.query)));
  });
  router.get('/dashboard/product_report', async (ctx) => {
    json(ctx, await reports.productReport(reportQuery(ctx.query)));
  });
  router.get('/dashboard/revenue_report', async (ctx) => {
    json(ctx, await reports.revenueReport(reportQuery(ctx.query)));
  });
  router.get('/dashboard/order_report', async (ctx) => {
    json(ctx, await reports.orderReport(reportQuery(ctx.query)));
  });
}
