import { usePageMeta } from '@shop/store-kit';
import { EmptyState, Loading, VisuallyHidden } from '@shop/storefront-ui';
import { useGetPointsQuery } from '../api/accountApi';
import { useT } from '../i18n';
import { useOrderDates } from '../orders/StatusBadge';
import styles from '../profile/profile.module.css';

/** The ledger's reasons as the shopper reads them; a reason added later shows as the server names it. */
function reasonLabels(t: ReturnType<typeof useT>): Record<string, string> {
  return {
    sign_up: t('points.reason.signUp'),
    welcome_bonus: t('points.reason.welcomeBonus'),
    redeemed: t('points.reason.redeemed'),
    order_paid: t('points.reason.orderPaid'),
    redeem_refund: t('points.reason.redeemRefund'),
    order_paid_reversed: t('points.reason.orderPaidReversed'),
  };
}

/** Shwari Points: the balance and every change that explains it. */
export function PointsPage(): JSX.Element {
  const t = useT();
  const { orderTime: dateFormat } = useOrderDates();
  usePageMeta({ title: t('points.title') });
  const { data, isLoading, isError } = useGetPointsQuery();
  if (isLoading) return <Loading label={t('points.loading')} />;
  if (isError || !data) return <EmptyState title={t('points.loadFailed')} />;
  const reasons = reasonLabels(t);
  return (
    <section>
      <h1>{t('points.title')}</h1>
      <p className={styles.pointsBalance}>
        <span>{t('points.yourBalance')}</span>
        <strong data-testid="points-balance">{data.current_balance}</strong>
        <span>{t('points.unit')}</span>
      </p>
      <p>{t('points.intro')}</p>
      {data.entries.length === 0 ? (
        <EmptyState title={t('points.none')} />
      ) : (
        <table className={styles.table}>
          <VisuallyHidden as="caption">{t('points.caption')}</VisuallyHidden>
          <thead>
            <tr>
              <th scope="col">{t('points.date')}</th>
              <th scope="col">{t('points.what')}</th>
              <th scope="col">{t('points.points')}</th>
              <th scope="col">{t('points.balance')}</th>
            </tr>
          </thead>
          <tbody>
            {data.entries.map((entry) => (
              <tr key={entry.id}>
                <td>{dateFormat.format(new Date(entry.created_at))}</td>
                <td>
                  {reasons[entry.reason] ?? entry.reason}
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
