import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { formatKsh } from '@shop/money';
import { errorStatus, usePageMeta } from '@shop/store-kit';
import { EmptyState, Loading, NotFound } from '@shop/storefront-ui';
import { useGetOrderQuery } from '../api/accountApi';
import { orderDate, orderTime, PaidFlag, StatusBadge } from './StatusBadge';
import styles from './orders.module.css';

/** /profile/order/{order_number}: the order, where it is going, and its status history (Track Order). */
export function OrderPage(): JSX.Element {
  const { orderNumber = '' } = useParams();
  const { hash } = useLocation();
  const { data: order, error, isLoading, isError } = useGetOrderQuery(orderNumber);
  usePageMeta({ title: `Order ${orderNumber}` });

  useEffect(() => {
    if (order && hash === '#tracking') document.getElementById('tracking')?.scrollIntoView?.({ block: 'start' });
  }, [order, hash]);

  if (errorStatus(error) === 404) return <NotFound message="We could not find that order in your account." />;
  if (isLoading) return <Loading label="Loading the order…" />;
  if (isError || !order) return <EmptyState title="We could not load this order just now." />;
  const address = order.shipping_address;

  return (
    <article className={styles.order}>
      <p>
        <Link to="/profile/orders">← All orders</Link>
      </p>
      <header className={styles.orderHead}>
        <h1>Order {order.order_number}</h1>
        <StatusBadge status={order.status} />
        <PaidFlag isPaid={order.is_paid} />
      </header>
      <p className={styles.muted}>Placed on {orderDate.format(new Date(order.date))}</p>

      <div className={styles.columns}>
        <section>
          <h2>Customer</h2>
          <p>
            {order.customer.first_name} {order.customer.last_name}
            <br />
            {order.customer.email}
            <br />
            {order.customer.phone}
          </p>
        </section>
        <section>
          <h2>Shipping address</h2>
          <p>
            {address.first_name} {address.last_name}
            <br />
            {address.street_address}
            {address.apartment ? `, ${address.apartment}` : ''}
            <br />
            {address.town}, {address.sub_county.name}, {address.county.name}
            <br />
            {address.phone}
          </p>
        </section>
      </div>

      <section>
        <h2>Items</h2>
        {/* A table on a wide screen; on a phone each row is a card, every value with its column's name. */}
        <table className={`${styles.table} ${styles.items}`}>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Unit price</th>
              <th scope="col">Quantity</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {order.order_items.map((item) => (
              <tr key={item.id} data-testid="order-item">
                <td data-testid="order-item-name">
                  {item.product.name}
                  <span className={styles.muted}> · {item.product.unit}</span>
                </td>
                <td data-label="Unit price">{formatKsh(item.product.price)}</td>
                <td data-label="Quantity">{item.quantity}</td>
                <td data-label="Total" data-testid="order-item-total">
                  {formatKsh(item.price)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className={styles.summary}>
          <dt>Subtotal</dt>
          <dd>{formatKsh(order.subtotal)}</dd>
          {order.discount > 0 && (
            <>
              <dt>Coupon discount</dt>
              <dd>-{formatKsh(order.discount)}</dd>
            </>
          )}
          {order.points_discount > 0 && (
            <>
              <dt>Shwari Points</dt>
              <dd>-{formatKsh(order.points_discount)}</dd>
            </>
          )}
          <dt>Delivery</dt>
          <dd>Free</dd>
          <dt className={styles.total}>Total</dt>
          <dd className={styles.total}>{formatKsh(order.total_amount)}</dd>
        </dl>
      </section>

      <section id="tracking" aria-labelledby="tracking-heading">
        <h2 id="tracking-heading">Track Order</h2>
        <ol className={styles.timeline}>
          {order.status_history.map((change, index) => (
            <li key={`${change.created_at}-${index}`}>
              <StatusBadge status={change.status} />
              <time dateTime={change.created_at}>{orderTime.format(new Date(change.created_at))}</time>
              {change.note && <span className={styles.muted}>{change.note}</span>}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
