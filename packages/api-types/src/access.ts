/**
 * The shop's access table: every HTTP route every service serves, with who may call it. Plain
 * data, read by the services (each registers its routes from it, with the guard attached to the
 * route itself: @shop/service-kit's accessRoutes), by the gateway (which refuses any other
 * spelling of an /api path) and by the access test generated from it (services/gateway).
 * A route not listed here cannot be served; a row no service registers stops that service at start.
 */

export type AccessService = 'catalog' | 'customers' | 'orders' | 'chat';
export type AccessMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route.
 * - `public`: anyone; the handler may still read an optional bearer (the chat).
 * - `customer-or-guest`: a guest (no Authorization header) or a live customer token; any other header 401/403.
 * - `order-owner-or-payment-key`: as `customer-or-guest`, then the handler answers 404 'Order not found.'
 *   to anyone but the order's signed-in owner or the holder of its payment key.
 * - `signed-in`: any live token, customer or staff (signing out).
 * - `customer`: a live customer token (401 without, 403 for staff).
 * - `staff`: a live staff token, as a bearer or the back office's session cookie (then every
 *   non-GET call also carries the session's X-CSRF-Token, else 403).
 * - `internal`: other services only, with the shared x-internal-secret (403 without); never routed by the gateway.
 * - `dev-loopback`: development aids, only outside production (404 there) and only to a caller on
 *   this machine (the socket and the address the gateway forwarded both loopback; else 403).
 */
export type CallerKind =
  'public' | 'customer-or-guest' | 'order-owner-or-payment-key' | 'signed-in' | 'customer' | 'staff' | 'internal' | 'dev-loopback';

export interface AccessRow {
  service: AccessService;
  method: AccessMethod;
  /** @koa/router syntax; matched case-sensitively and strictly (no trailing slash). */
  path: string;
  caller: CallerKind;
}

type Row = readonly [AccessMethod, string, CallerKind];
const rows = (service: AccessService, list: readonly Row[]): AccessRow[] =>
  list.map(([method, path, caller]) => ({ service, method, path, caller }));

export const ACCESS_TABLE: readonly AccessRow[] = [
  ...rows('catalog', [
    // The service's OpenAPI document (its published contract, made from its zod schemas).
    ['GET', '/api/docs/catalog', 'public'],
    ['GET', '/api/site/brands', 'public'],
    ['GET', '/api/site/categories', 'public'],
    ['GET', '/api/site/skus', 'public'],
    ['GET', '/api/site/products', 'public'],
    ['GET', '/api/site/products/featured', 'public'],
    ['GET', '/api/site/products/favorites', 'public'],
    ['POST', '/api/site/products/search', 'public'],
    ['GET', '/api/site/search', 'public'],
    ['GET', '/api/site/search/suggest', 'public'],
    ['GET', '/api/site/products/filter', 'public'],
    ['GET', '/api/site/products/filter/:brandSlug', 'public'],
    ['GET', '/api/site/products/sort_filter', 'public'],
    ['GET', '/api/site/products/view/:slug', 'public'],
    ['POST', '/internal/products/lookup', 'internal'],
    ['GET', '/internal/catalog/revision', 'internal'],
    ['GET', '/internal/catalog/synonyms', 'internal'],
    ['GET', '/api/admin/products/synonyms', 'staff'],
    ['POST', '/api/admin/products/synonyms/store', 'staff'],
    ['POST', '/api/admin/products/synonyms/update/:id', 'staff'],
    ['POST', '/api/admin/products/synonyms/delete/:id', 'staff'],
    ['GET', '/api/admin/products', 'staff'],
    ['GET', '/api/admin/products/view/:id', 'staff'],
    ['POST', '/api/admin/products/store', 'staff'],
    ['POST', '/api/admin/products/update/:id', 'staff'],
    ['POST', '/api/admin/products/archive/:id', 'staff'],
    ['POST', '/api/admin/products/restore/:id', 'staff'],
    ['GET', '/api/admin/categories', 'staff'],
    ['GET', '/api/admin/categories/view/:id', 'staff'],
    ['POST', '/api/admin/categories/store', 'staff'],
    ['POST', '/api/admin/categories/update/:id', 'staff'],
    ['POST', '/api/admin/categories/archive/:id', 'staff'],
    ['POST', '/api/admin/categories/restore/:id', 'staff'],
    ['GET', '/api/admin/brands', 'staff'],
    ['GET', '/api/admin/brands/view/:id', 'staff'],
    ['POST', '/api/admin/brands/store', 'staff'],
    ['POST', '/api/admin/brands/update/:id', 'staff'],
    ['POST', '/api/admin/brands/archive/:id', 'staff'],
    ['POST', '/api/admin/brands/restore/:id', 'staff'],
    ['GET', '/api/admin/audit/catalog', 'staff'],
  ]),
  ...rows('customers', [
    // The service's OpenAPI document (its published contract, made from its zod schemas).
    ['GET', '/api/docs/customers', 'public'],
    ['POST', '/api/site/register', 'public'],
    ['POST', '/api/login', 'public'],
    ['POST', '/api/admin/session', 'public'],
    ['POST', '/api/logout', 'signed-in'],
    ['POST', '/api/admin/logout', 'staff'],
    ['POST', '/api/forgot-password', 'public'],
    ['GET', '/api/get-profile', 'customer'],
    ['POST', '/api/profile/update', 'customer'],
    ['POST', '/api/redeem/points', 'customer'],
    ['GET', '/api/points', 'customer'],
    ['GET', '/api/points/history', 'customer'],
    ['GET', '/api/addresses', 'customer'],
    ['POST', '/api/addresses', 'customer'],
    ['POST', '/api/addresses/update/:id', 'customer'],
    ['PUT', '/api/addresses/:id', 'customer'],
    ['DELETE', '/api/addresses/:id', 'customer'],
    ['POST', '/api/addresses/delete/:id', 'customer'],
    ['GET', '/api/site/counties', 'public'],
    ['GET', '/api/site/counties/subcounty/:countyId', 'public'],
    ['GET', '/internal/tokens/introspect', 'internal'],
    ['POST', '/internal/points/earn', 'internal'],
    ['POST', '/internal/points/redeem', 'internal'],
    ['POST', '/internal/points/refund', 'internal'],
    ['POST', '/internal/points/reverse-earn', 'internal'],
    ['GET', '/api/admin/customers', 'staff'],
    ['GET', '/api/admin/customers/view/:id', 'staff'],
    ['GET', '/api/admin/customers/:id/points', 'staff'],
    ['GET', '/api/admin/users', 'staff'],
    ['POST', '/api/admin/users', 'staff'],
    ['POST', '/api/admin/users/:id/deactivate', 'staff'],
    ['POST', '/api/admin/users/:id/activate', 'staff'],
    ['GET', '/api/admin/audit/customers', 'staff'],
    ['GET', '/api/dev/outbox', 'dev-loopback'],
    ['GET', '/api/dev/outbox/latest', 'dev-loopback'],
  ]),
  ...rows('orders', [
    // The service's OpenAPI document (its published contract, made from its zod schemas).
    ['GET', '/api/docs/orders', 'public'],
    ['POST', '/api/site/orders/store', 'customer-or-guest'],
    ['GET', '/api/site/coupons/check/:code/:email', 'customer-or-guest'],
    ['POST', '/api/site/coupons/redeem', 'customer-or-guest'],
    ['GET', '/api/orders', 'customer'],
    ['GET', '/api/orders/view/:order_number', 'customer'],
    ['POST', '/api/site/v1/dpo/pay', 'order-owner-or-payment-key'],
    ['GET', '/api/site/v1/dpo/callback', 'public'],
    ['POST', '/api/site/v1/push', 'order-owner-or-payment-key'],
    ['POST', '/api/site/v1/mpesa/callback', 'public'],
    ['GET', '/api/site/v1/check/transaction/:checkoutRequestId/:orderId', 'order-owner-or-payment-key'],
    ['GET', '/api/site/v1/simulator/:token', 'public'],
    ['POST', '/api/site/v1/simulator/:token/:action', 'public'],
    ['GET', '/api/site/orders/:id/payment-status', 'order-owner-or-payment-key'],
    ['POST', '/api/site/orders/:id/cancel', 'order-owner-or-payment-key'],
    ['GET', '/internal/products/:id/order-lines', 'internal'],
    ['POST', '/internal/customers/order-counts', 'internal'],
    ['GET', '/internal/customers/:id/orders', 'internal'],
    ['GET', '/api/admin/orders', 'staff'],
    ['GET', '/api/admin/orders/export.csv', 'staff'],
    ['GET', '/api/admin/orders/:id', 'staff'],
    ['POST', '/api/admin/orders/:id/status', 'staff'],
    ['POST', '/api/admin/orders/:id/refund-done', 'staff'],
    ['GET', '/api/admin/order-statuses', 'staff'],
    ['GET', '/api/admin/coupons', 'staff'],
    ['GET', '/api/admin/coupons/view/:id', 'staff'],
    ['POST', '/api/admin/coupons/store', 'staff'],
    ['POST', '/api/admin/coupons/update/:id', 'staff'],
    ['GET', '/api/admin/dashboard/depot', 'staff'],
    ['GET', '/api/admin/dashboard/statusReport', 'staff'],
    ['GET', '/api/admin/dashboard/revenueChart', 'staff'],
    ['GET', '/api/admin/dashboard/monthlySalesTotal', 'staff'],
    ['GET', '/api/admin/dashboard/today', 'staff'],
    ['GET', '/api/admin/dashboard/category_report', 'staff'],
    ['GET', '/api/admin/dashboard/product_report', 'staff'],
    ['GET', '/api/admin/dashboard/revenue_report', 'staff'],
    ['GET', '/api/admin/dashboard/order_report', 'staff'],
    ['GET', '/api/admin/audit/orders', 'staff'],
  ]),
  ...rows('chat', [
    ['GET', '/api/docs/chat', 'public'],
    ['POST', '/api/chat', 'public'],
  ]),
];

/** The rows of one service. */
export const accessRowsOf = (service: AccessService): AccessRow[] => ACCESS_TABLE.filter((row) => row.service === service);

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A row's path as an exact, case-sensitive pattern: a `:param` is one non-empty segment. */
export const accessPathPattern = (path: string): RegExp =>
  new RegExp(
    `^${path
      .split(/(:\w+)/)
      .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
      .join('')}$`,
  );

/** A row's key, as the services and the test name it: `GET /api/admin/orders`. */
export const accessKey = (row: Pick<AccessRow, 'method' | 'path'>): string => `${row.method} ${row.path}`;
