import net from 'node:net';
import { createDatabase, createLogger, listen, type RunningServer } from '@shop/service-kit';
import { testDatabases, testRequester } from '@shop/service-kit/testing';
import { buildOrdersServices, createOrdersApp, type OrdersServices } from '../app';
import { startOrdersHarness, type OrdersHarness } from '../testing/harness';

/**
 * A TCP stand-in between the service and MySQL that passes every byte through until the service
 * sends a statement containing `cutAt`: then it drops both connections, as a database that dies
 * mid-request does, without touching the shared server itself.
 */
async function startCuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const proxy = { cutAt: null as string | null, cuts: 0 };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      if (proxy.cutAt && chunk.includes(proxy.cutAt)) {
        proxy.cuts += 1;
        return drop();
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    proxy,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const mysql = testDatabases('orders').filter((database) => database.dialect === 'mysql');
const onMysql = mysql.length > 0 ? describe.each(mysql) : describe.skip.each(testDatabases('orders'));

onMysql('the database drops mid-request on $dialect', (database) => {
  let h: OrdersHarness;
  let cuttable: Awaited<ReturnType<typeof startCuttableProxy>>;
  let services: OrdersServices;
  let server: RunningServer;

  beforeAll(async () => {
    h = await startOrdersHarness(database);
    // A second orders service on the same database, reaching it through the proxy.
    const direct = new URL((h.db.client.config.connection as { uri: string }).uri);
    cuttable = await startCuttableProxy({ host: direct.hostname, port: Number(direct.port || 3306) });
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(cuttable.port);
    const db = createDatabase({ service: 'orders', url: proxied.toString() });
    services = buildOrdersServices({ db, logger: createLogger('orders'), config: h.config });
    server = await listen(createOrdersApp(services), 0);
  });
  afterAll(async () => {
    await server?.close();
    await services?.close();
    await services?.db.destroy();
    await cuttable?.close();
    await h?.close();
  });

  const written = async () => ({
    orders: await h.count('orders'),
    items: await h.count('order_items'),
    history: await h.count('order_status_history'),
    redemptions: await h.count('coupon_redemptions'),
  });

  it('answers 503 with Retry-After naming the checkout, and leaves no half-written order', async () => {
    const store = testRequester(server.url);
    const cart = h.cart(2500);
    const body = h.orderBody(cart, (h.subtotalCents(cart) - 20_000) / 100, { coupon: 'UNGA200', email: 'cut.off@example.com' });
    // The coupon order's last batch (its redemption and COMMIT) is cut off after the order, its
    // lines and its history were inserted in the open transaction.
    const before = await written();
    cuttable.proxy.cutAt = 'insert into `coupon_redemptions`';
    const answer = await store('POST', '/api/site/orders/store', { body });
    expect(cuttable.proxy.cuts).toBe(1);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(answer.body).toEqual({ message: 'The checkout is unavailable right now. Please try again shortly.', area: 'checkout' });
    // MySQL rolled the transaction back with its connection: nothing of the order is left.
    expect(await written()).toEqual(before);
    expect(await h.db('orders').where({ email: 'cut.off@example.com' }).count({ n: '*' })).toEqual([{ n: 0 }]);

    // A read whose connection drops is a 503 too, and the service answers again once the database is back.
    cuttable.proxy.cutAt = 'from `orders`';
    const order = await h.placeOrder(cart);
    const status = await store('GET', `/api/site/orders/${order.id}/payment-status`, { headers: { 'x-payment-key': order.payment_key } });
    expect([status.status, status.headers.get('retry-after')]).toEqual([503, '5']);
    cuttable.proxy.cutAt = null;
    const again = await store('GET', `/api/site/orders/${order.id}/payment-status`, { headers: { 'x-payment-key': order.payment_key } });
    expect(again).toMatchObject({ status: 200, body: { status: 'pending' } });
  });
});
