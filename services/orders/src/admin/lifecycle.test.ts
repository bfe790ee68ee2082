import type { AdminOrder } from '@shop/api-types';
import { testDatabases } from '@shop/service-kit/testing';
import { startOrdersHarness, type OrdersHarness } from '../testing/harness';

const NAMES: Record<number, string> = { 1: 'Pending', 2: 'Paid', 3: 'Processing', 4: 'Dispatched', 5: 'Delivered', 6: 'Cancelled' };
/** The lifecycle staff may follow, written out here so a change to it shows in this test. */
const ALLOWED: Record<number, number[]> = { 1: [6], 2: [3, 6], 3: [4], 4: [5], 5: [], 6: [] };

function refusal(from: number, to: number): string {
  if (from === to) return 'The order already has this status.';
  if (from === 1 && to === 2) return 'Only a confirmed payment can mark an order paid.';
  return `An order that is ${NAMES[from]} cannot be marked ${NAMES[to]}.`;
}

describe.each(testDatabases('orders-lifecycle'))('the order lifecycle in the back office on $dialect', (database) => {
  let h: OrdersHarness;
  let staff: string;

  beforeAll(async () => {
    h = await startOrdersHarness(database, { seedDemoAccounts: true });
    staff = await h.staffToken();
  });
  afterAll(async () => {
    await h?.close();
  });

  const move = (id: number, statusId: number) =>
    h.request('POST', `/api/admin/orders/${id}/status`, { token: staff, body: { status_id: statusId } });
  const adminOrder = async (id: number): Promise<AdminOrder> =>
    (await h.request('GET', `/api/admin/orders/${id}`, { token: staff })).body.order;

  /** An order in the given status, reached as in the shop: paid by a payment, then moved along by staff. */
  async function orderIn(statusId: number): Promise<number> {
    const placed = await h.placeOrder(h.cart(2500));
    if (statusId === 1) return placed.id;
    if (statusId === 6) {
      expect((await move(placed.id, 6)).status).toBe(200);
      return placed.id;
    }
    await h.follow((await h.payOnSimulatorPage(placed.id)).callback);
    for (const next of [3, 4, 5].filter((id) => id <= statusId)) expect((await move(placed.id, next)).status).toBe(200);
    return placed.id;
  }

  const pairs = Object.keys(NAMES).flatMap((from) => Object.keys(NAMES).map((to) => [Number(from), Number(to)] as const));

  it.each(pairs)('from %i to %i: allowed or refused with 422 and its reason', async (from, to) => {
    const id = await orderIn(from);
    const before = await adminOrder(id);
    expect(before.status.id).toBe(from);
    expect(before.allowed_status_ids).toEqual(ALLOWED[from]);
    const historyBefore = await h.count('order_status_history', { order_id: id });

    const answer = await move(id, to);
    if (ALLOWED[from]!.includes(to)) {
      expect(answer.status).toBe(200);
      expect(answer.body.order.status.id).toBe(to);
      expect(answer.body.order.allowed_status_ids).toEqual(ALLOWED[to]);
      expect(await h.count('order_status_history', { order_id: id })).toBe(historyBefore + 1);
    } else {
      const message = refusal(from, to);
      expect(answer).toMatchObject({ status: 422, body: { message, errors: { status_id: [message] } } });
      expect((await adminOrder(id)).status.id).toBe(from);
      expect(await h.count('order_status_history', { order_id: id })).toBe(historyBefore);
    }
  });

  it('lists every order with the moves staff may make now', async () => {
    const paid = await orderIn(2);
    const page = (await h.request('GET', '/api/admin/orders?per_page=100', { token: staff })).body.orders.data as AdminOrder[];
    expect(page.length).toBeGreaterThan(1);
    for (const order of page) expect(order.allowed_status_ids).toEqual(ALLOWED[order.status.id]);
    expect(page.find((order) => order.id === paid)!.allowed_status_ids).toEqual([3, 6]);
  });

  it('cancelling a paid order makes its payment owed back; cancelling an unpaid one owes nothing', async () => {
    const paid = await orderIn(2);
    const cancelled = await move(paid, 6);
    expect(cancelled.body.order.refund_due).toEqual({ since: expect.any(String), amount: cancelled.body.order.total_amount });
    const unpaid = await orderIn(1);
    expect((await move(unpaid, 6)).body.order.refund_due).toBeNull();
  });
});
