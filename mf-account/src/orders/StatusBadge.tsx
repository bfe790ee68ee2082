import type { OrderStatus } from '@shop/api-types';
import styles from './orders.module.css';

/** The server's status name with its colour, as a dot and border so the text keeps its contrast. */
export function StatusBadge({ status }: { status: OrderStatus }): JSX.Element {
  return (
    <span className={styles.badge} style={{ borderColor: status.color }} data-testid="order-status">
      <span className={styles.dot} style={{ background: status.color }} aria-hidden="true" />
      {status.name}
    </span>
  );
}

export const PaidFlag = ({ isPaid }: { isPaid: 0 | 1 }): JSX.Element => (
  <span className={isPaid ? styles.paid : styles.notPaid}>{isPaid ? 'Paid' : 'Not Paid'}</span>
);

export const orderDate = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeZone: 'Africa/Nairobi' });
export const orderTime = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' });
