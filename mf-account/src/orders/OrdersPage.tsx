import { Link } from 'react-router-dom';
import { formatKsh } from '@shop/money';
import { usePageMeta } from '@shop/store-kit';
import { EmptyState, Loading } from '@shop/storefront-ui';
import { useGetOrdersQuery } from '../api/accountApi';
import { orderDate, PaidFlag, StatusBadge } from './StatusBadge';
import styles from './orders.module.css';

/** /profile/orders: every order of the signed-in customer, newest first. */
export function OrdersPage(): JSX.Element {
  usePageMeta({ title: 'Orders' });
  const { data, isLoading, isError } = useGetOrdersQuery();
  if (isLoading) return <Loading label="Loading your orders…" />;
  if (isError || !data) return <EmptyState title="We could not load your orders just now." />;
  return (
    <section>
      <h1>Orders</h1>
      {data.orders.length === 0 ? (
        <EmptyState title="You have no orders yet.">
          <Link to="/shop/all">Start shopping</Link>
        </EmptyState>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Products</th>
                <th scope="col">Amount</th>
                <th scope="col">Date</th>
                <th scope="col">Status</th>
                <th scope="col">Payment</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.orders.map((order) => (
                <tr key={order.id} data-testid="order-row">
                  <td>
                    <Link to={`/profile/order/${order.order_number}`}>{order.order_number}</Link>
                  </td>
                  <td>{order.products_count}</td>
                  <td>{formatKsh(order.total_amount)}</td>
                  <td>{orderDate.format(new Date(order.date))}</td>
                  <td>
                    <StatusBadge status={order.status} />
                  </td>
                  <td>
                    <PaidFlag isPaid={order.is_paid} />
                  </td>
                  <td className={styles.actions}>
                    <Link to={`/profile/order/${order.order_number}`} aria-label={`View order ${order.order_number}`}>
                      View
                    </Link>
                    <Link to={`/profile/order/${order.order_number}#tracking`} aria-label={`Track order ${order.order_number}`}>
                      Track Order
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
