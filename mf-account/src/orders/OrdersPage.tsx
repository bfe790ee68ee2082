import { Link } from 'react-router-dom';
import { formatKsh } from '@shop/money';
import { usePageMeta } from '@shop/store-kit';
import { EmptyState, Loading } from '@shop/storefront-ui';
import { useGetOrdersQuery } from '../api/accountApi';
import { useT } from '../i18n';
import { PaidFlag, StatusBadge, useOrderDates } from './StatusBadge';
import styles from './orders.module.css';

/** /profile/orders: every order of the signed-in customer, newest first. */
export function OrdersPage(): JSX.Element {
  const t = useT();
  const { orderDate } = useOrderDates();
  usePageMeta({ title: t('orders.title') });
  const { data, isLoading, isError } = useGetOrdersQuery();
  if (isLoading) return <Loading label={t('orders.loading')} />;
  if (isError || !data) return <EmptyState title={t('orders.loadFailed')} />;
  return (
    <section>
      <h1>{t('orders.title')}</h1>
      {data.orders.length === 0 ? (
        <EmptyState title={t('orders.none')}>
          <Link to="/shop/all">{t('orders.startShopping')}</Link>
        </EmptyState>
      ) : (
        // A table on a wide screen; on a phone each order is a card, every value with its column's name.
        <div className={styles.scroll}>
          <table className={`${styles.table} ${styles.stacked}`}>
            <thead>
              <tr>
                <th scope="col">{t('orders.order')}</th>
                <th scope="col">{t('orders.products')}</th>
                <th scope="col">{t('orders.amount')}</th>
                <th scope="col">{t('orders.date')}</th>
                <th scope="col">{t('orders.status')}</th>
                <th scope="col">{t('orders.payment')}</th>
                <th scope="col">{t('orders.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.orders.map((order) => (
                <tr key={order.id} data-testid="order-row">
                  <td>
                    <Link to={`/profile/order/${order.order_number}`}>{order.order_number}</Link>
                  </td>
                  <td data-label={t('orders.products')}>{order.products_count}</td>
                  <td data-label={t('orders.amount')}>{formatKsh(order.total_amount)}</td>
                  <td data-label={t('orders.date')}>{orderDate.format(new Date(order.date))}</td>
                  <td data-label={t('orders.status')}>
                    <StatusBadge status={order.status} />
                  </td>
                  <td data-label={t('orders.payment')}>
                    <PaidFlag isPaid={order.is_paid} />
                  </td>
                  <td className={styles.actions}>
                    <Link to={`/profile/order/${order.order_number}`} aria-label={t('orders.viewLabel', { number: order.order_number })}>
                      {t('orders.view')}
                    </Link>
                    <Link
                      to={`/profile/order/${order.order_number}#tracking`}
                      aria-label={t('orders.trackLabel', { number: order.order_number })}
                    >
                      {t('orders.track')}
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
