import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { formatKsh } from '@shop/money';
import { errorStatus, usePageMeta } from '@shop/store-kit';
import { EmptyState, Loading, NotFound } from '@shop/storefront-ui';
import { useGetOrderQuery } from '../api/accountApi';
import { useT } from '../i18n';
import { useServerMessage } from '../i18n/serverMessages';
import { PaidFlag, StatusBadge, useOrderDates } from './StatusBadge';
import styles from './orders.module.css';

/** /profile/order/{order_number}: the order, where it is going, and its status history (Track Order). */
export function OrderPage(): JSX.Element {
  const { orderNumber = '' } = useParams();
  const { hash } = useLocation();
  const { data: order, error, isLoading, isError } = useGetOrderQuery(orderNumber);
  const t = useT();
  const historyNote = useServerMessage();
  const { orderDate, orderTime } = useOrderDates();
  usePageMeta({ title: t('order.title', { number: orderNumber }) });

  useEffect(() => {
    if (order && hash === '#tracking') document.getElementById('tracking')?.scrollIntoView?.({ block: 'start' });
  }, [order, hash]);

  if (errorStatus(error) === 404) return <NotFound message={t('order.notFound')} />;
  if (isLoading) return <Loading label={t('order.loading')} />;
  if (isError || !order) return <EmptyState title={t('order.loadFailed')} />;
  const address = order.shipping_address;

  return (
    <article className={styles.order}>
      <p>
        <Link to="/profile/orders">{t('order.allOrders')}</Link>
      </p>
      <header className={styles.orderHead}>
        <h1>{t('order.title', { number: order.order_number })}</h1>
        <StatusBadge status={order.status} />
        <PaidFlag isPaid={order.is_paid} />
      </header>
      <p className={styles.muted}>{t('order.placedOn', { date: orderDate.format(new Date(order.date)) })}</p>

      <div className={styles.columns}>
        <section>
          <h2>{t('order.customer')}</h2>
          <p>
            {order.customer.first_name} {order.customer.last_name}
            <br />
            {order.customer.email}
            <br />
            {order.customer.phone}
          </p>
        </section>
        <section>
          <h2>{t('order.shippingAddress')}</h2>
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
        <h2>{t('order.items')}</h2>
        {/* A table on a wide screen; on a phone each row is a card, every value with its column's name. */}
        <table className={`${styles.table} ${styles.stacked}`}>
          <thead>
            <tr>
              <th scope="col">{t('order.product')}</th>
              <th scope="col">{t('order.unitPrice')}</th>
              <th scope="col">{t('order.quantity')}</th>
              <th scope="col">{t('order.total')}</th>
            </tr>
          </thead>
          <tbody>
            {order.order_items.map((item) => (
              <tr key={item.id} data-testid="order-item">
                <td data-testid="order-item-name">
                  {item.product.name}
                  <span className={styles.muted}> · {item.product.unit}</span>
                </td>
                <td data-label={t('order.unitPrice')}>{formatKsh(item.product.price)}</td>
                <td data-label={t('order.quantity')}>{item.quantity}</td>
                <td data-label={t('order.total')} data-testid="order-item-total">
                  {formatKsh(item.price)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className={styles.summary}>
          <dt>{t('order.subtotal')}</dt>
          <dd>{formatKsh(order.subtotal)}</dd>
          {order.discount > 0 && (
            <>
              <dt>{t('order.couponDiscount')}</dt>
              <dd>-{formatKsh(order.discount)}</dd>
            </>
          )}
          {order.points_discount > 0 && (
            <>
              <dt>{t('order.points')}</dt>
              <dd>-{formatKsh(order.points_discount)}</dd>
            </>
          )}
          <dt>{t('order.delivery')}</dt>
          <dd>{t('order.free')}</dd>
          <dt className={styles.total}>{t('order.total')}</dt>
          <dd className={styles.total}>{formatKsh(order.total_amount)}</dd>
        </dl>
      </section>

      <section id="tracking" aria-labelledby="tracking-heading">
        <h2 id="tracking-heading">{t('order.track')}</h2>
        <ol className={styles.timeline}>
          {order.status_history.map((change, index) => (
            <li key={`${change.created_at}-${index}`}>
              <StatusBadge status={change.status} />
              <time dateTime={change.created_at}>{orderTime.format(new Date(change.created_at))}</time>
              {change.note && <span className={styles.muted}>{historyNote(change.note)}</span>}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
