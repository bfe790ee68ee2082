import { Tag } from 'antd';
import type { OrderStatus } from '@shop/api-types';
import { readableTagColour } from '../theme';

/** An order status in the colour the server gives it, darkened so its name reads (WCAG AA). */
export function StatusTag({ status }: { status: Pick<OrderStatus, 'name' | 'color'> | null | undefined }): JSX.Element | null {
  if (!status) return null;
  return (
    <Tag color={readableTagColour(status.color)} data-status={status.name}>
      {status.name}
    </Tag>
  );
}

/** is_paid 1 shows Paid, 0 Not Paid (admin spec section 4); money owed back (late or second payment) shows Refund due. */
export function PaidTag({ paid, refundDue = false }: { paid: 0 | 1 | boolean; refundDue?: boolean }): JSX.Element {
  if (refundDue) return <Tag color="orange">Refund due</Tag>;
  return paid ? <Tag color="green">Paid</Tag> : <Tag color="default">Not Paid</Tag>;
}
