import { expectAnswerMatches, PUBLISHED_DOCUMENTS } from '@shop/api-types/openapi/contractCheck';
import { BRANDS, CATEGORIES, coupon, customer, customerOrder, order, page, PRODUCTS, SKUS, STAFF_MEMBERS, STATUSES } from './testFixtures';

/**
 * The back office's tests answer with these in place of the catalog, customers and orders services:
 * each must be an answer the serving service's published contract allows (every answer a test's
 * handler gives is checked too, by @shop/store-kit/testing's mockApi).
 */
describe("the back office's fixtures follow the services' published contracts", () => {
  const { catalog, customers, orders } = PUBLISHED_DOCUMENTS;

  it.each([
    ['/api/admin/brands', catalog, BRANDS],
    ['/api/admin/categories', catalog, CATEGORIES],
    ['/api/site/skus', catalog, SKUS],
    ['/api/admin/products', catalog, PRODUCTS],
    ['/api/admin/order-statuses', orders, STATUSES],
    ['/api/admin/orders', orders, { orders: page([order(1), order(2, { status: STATUSES[5]!, is_paid: 0 })]) }],
    ['/api/admin/orders/{id}', orders, { order: order(1) }],
    ['/api/admin/coupons', orders, [coupon()]],
    ['/api/admin/customers', customers, page([customer(1), customer(2, { phone: null })])],
    ['/api/admin/customers/view/{id}', customers, { ...customer(1), orders: [customerOrder(10)] }],
    ['/api/admin/users', customers, STAFF_MEMBERS],
  ] as const)('GET %s', (path, document, fixture) => {
    expect(() => expectAnswerMatches(document, 'get', path, fixture)).not.toThrow();
  });

  it("fails a fixture that drifts (an admin order on the customer page, which lists the customer's own)", () => {
    expect(() => expectAnswerMatches(customers, 'get', '/api/admin/customers/view/{id}', { ...customer(1), orders: [order(10)] })).toThrow(
      /\/orders\/0 must NOT have additional properties/,
    );
  });
});
