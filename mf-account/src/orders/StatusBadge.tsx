import { useMemo } from 'react';
import { SHOP_TIME_ZONE, type ORDER_STATUS_NAMES, type OrderStatus } from '@shop/api-types';
import { useLanguage } from '@shop/store-kit';
import { useT } from '../i18n';
import styles from './orders.module.css';

type Translate = ReturnType<typeof useT>;
type OrderStatusName = (typeof ORDER_STATUS_NAMES)[number];

/** The server names a status in English; the shopper reads it in their language (an unknown name as it comes). */
function statusLabel(name: string, t: Translate): string {
  const labels: Record<OrderStatusName, string> = {
    Pending: t('status.pending'),
    Paid: t('status.paid'),
    Processing: t('status.processing'),
    Dispatched: t('status.dispatched'),
    Delivered: t('status.delivered'),
    Cancelled: t('status.cancelled'),
  };
  return labels[name as OrderStatusName] ?? name;
}

/** The server's status name with its colour, as a dot and border so the text keeps its contrast. */
export function StatusBadge({ status }: { status: OrderStatus }): JSX.Element {
  const t = useT();
  return (
    <span className={styles.badge} style={{ borderColor: status.color }} data-testid="order-status">
      <span className={styles.dot} style={{ background: status.color }} aria-hidden="true" />
      {statusLabel(status.name, t)}
    </span>
  );
}

export function PaidFlag({ isPaid }: { isPaid: 0 | 1 }): JSX.Element {
  const t = useT();
  return <span className={isPaid ? styles.paid : styles.notPaid}>{isPaid ? t('payment.paid') : t('payment.notPaid')}</span>;
}

const DATE_LOCALES = { en: 'en-KE', sw: 'sw-KE' } as const;

/** Dates and times of orders in Nairobi time, written the way the shopper's language writes them. */
export function useOrderDates(): { orderDate: Intl.DateTimeFormat; orderTime: Intl.DateTimeFormat } {
  const locale = DATE_LOCALES[useLanguage().language];
  return useMemo(
    () => ({
      orderDate: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: SHOP_TIME_ZONE }),
      orderTime: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }),
    }),
    [locale],
  );
}
