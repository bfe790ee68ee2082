import { usePageMeta } from '@shop/store-kit';
import { EmptyState, Loading, VisuallyHidden } from '@shop/storefront-ui';
import { useGetPointsQuery } from '../api/accountApi';
import styles from '../profile/profile.module.css';

const REASONS: Record<string, string> = {
  sign_up: 'Welcome points for registering',
  welcome_bonus: 'Welcome bonus',
  redeemed: 'Redeemed at checkout',
  order_paid: 'Earned on a paid order',
  redeem_refund: 'Returned: the order was cancelled',
  order_paid_reversed: 'Taken back: the order was cancelled',
};

const dateFormat = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' });

/** Shwari Points: the balance and every change that explains it. */
export function PointsPage(): JSX.Element {
  usePageMeta({ title: 'Shwari Points' });
  const { data, isLoading, isError } = useGetPointsQuery();
  if (isLoading) return <Loading label="Loading your points…" />;
  if (isError || !data) return <EmptyState title="We could not load your points just now." />;
  return (
    <section>
      <h1>Shwari Points</h1>
      <p className={styles.pointsBalance}>
        <span>Your balance</span>
        <strong data-testid="points-balance">{data.current_balance}</strong>
        <span>points</span>
      </p>
      <p>Redeem your points at checkout. You earn points on every paid order.</p>
      {data.entries.length === 0 ? (
        <EmptyState title="No points history yet" />
      ) : (
        <table className={styles.table}>
          <VisuallyHidden as="caption">Points history, newest first</VisuallyHidden>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">What</th>
              <th scope="col">Points</th>
              <th scope="col">Balance</th>
            </tr>
          </thead>
          <tbody>
            {data.entries.map((entry) => (
              <tr key={entry.id}>
                <td>{dateFormat.format(new Date(entry.created_at))}</td>
                <td>
                  {REASONS[entry.reason] ?? entry.reason}
                  {entry.reference ? ` (${entry.reference})` : ''}
                </td>
                <td className={entry.delta >= 0 ? styles.plus : styles.minus}>{entry.delta >= 0 ? `+${entry.delta}` : entry.delta}</td>
                <td>{entry.balance_after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
