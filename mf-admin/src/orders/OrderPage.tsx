import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  Row,
  Select,
  Table,
  Tag,
  Timeline,
  Typography,
  type TableColumnsType,
} from 'antd';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { OrderItem } from '@shop/api-types';
import { useChangeOrderStatusMutation, useMarkRefundMadeMutation, useOrderQuery, useOrderStatusesQuery } from '../api/adminApi';
import { useApiErrorToasts } from '../common/errors';
import { formatDateTime, ksh } from '../common/format';
import NotFoundPage from '../common/NotFoundPage';
import { LoadError, Loading } from '../common/states';
import { PaidTag, StatusTag } from '../common/StatusTag';
import { useIdParam } from '../common/useIdParam';
import { Money } from '../common/Nowrap';

export const STATUS_CHANGED = 'Order status updated.';
export const REFUND_DUE_TITLE = 'Payment received after cancellation — refund due';
export const DOUBLE_PAYMENT_TITLE = 'Order paid twice — refund due';
export const MARK_REFUND_MADE = 'Mark refund as made';
/** Delivered and Cancelled orders move no further (the order lifecycle, services/orders/README.md). */
export const finalStatusNote = (status: string): string => `A ${status} order is final: its status cannot change.`;

const itemColumns: TableColumnsType<OrderItem> = [
  { title: 'Product', key: 'product', render: (_, item) => item.product.name },
  { title: 'Quantity', key: 'quantity', align: 'right', render: (_, item) => item.quantity },
  { title: 'Price', key: 'price', align: 'right', render: (_, item) => <Money amount={item.price} /> },
];

/** /admin/orders/:id: shipping address, items with total, status history and a status change. */
export default function OrderPage(): JSX.Element {
  const id = useIdParam();
  const order = useOrderQuery(id ?? skipToken);
  const statuses = useOrderStatusesQuery();
  const [change, { isLoading: changing }] = useChangeOrderStatusMutation();
  const [markRefundMade, { isLoading: refunding }] = useMarkRefundMadeMutation();
  const { message, modal } = App.useApp();
  const showErrors = useApiErrorToasts();
  const [form] = Form.useForm<{ status_id?: number; note?: string }>();
  const [statusId, setStatusId] = useState<number | undefined>();

  if (id === null || (order.error && 'status' in order.error && order.error.status === 404)) return <NotFoundPage subject="This order" />;
  if (order.isLoading) return <Loading />;
  if (order.error || !order.data) return <LoadError error={order.error} onRetry={() => void order.refetch()} />;
  const data = order.data.order;
  const address = data.shipping_address;

  const submit = async (values: { status_id?: number; note?: string }) => {
    if (!values.status_id) return;
    try {
      await change({
        id: data.id,
        body: { status_id: values.status_id, ...(values.note?.trim() ? { note: values.note.trim() } : {}) },
      }).unwrap();
      void message.success(STATUS_CHANGED);
      form.resetFields();
      setStatusId(undefined);
    } catch (error) {
      const refused = showErrors(error, form).fields.status_id;
      if (refused) {
        // The order may have moved meanwhile: its allowed moves are read again, and the refused one is
        // cleared (it may no longer be offered) while its message stays under the field.
        form.setFields([{ name: 'status_id', value: undefined, errors: refused }]);
        setStatusId(undefined);
        void order.refetch();
      }
    }
  };

  // Only the lifecycle's moves from where the order is now (the server refuses any other), and the current status for reference.
  const statusOptions = (statuses.data ?? [])
    .filter((status) => status.id === data.status.id || data.allowed_status_ids.includes(status.id))
    .map((status) =>
      status.id === data.status.id
        ? { value: status.id, label: `${status.name} (current)`, disabled: true }
        : { value: status.id, label: status.name },
    );
  const isFinal = data.allowed_status_ids.length === 0;

  const refundDue = data.refund_due;
  // Staff press this once the money has actually gone back (M-Pesa reversal, card refund).
  const confirmRefundMade = (amount: number) =>
    modal.confirm({
      title: `Mark the refund of ${ksh(amount)} as made?`,
      content: 'Only once the money has been sent back to the customer. The order history will say so.',
      okText: 'Refund made',
      onOk: async () => {
        try {
          const answer = await markRefundMade(data.id).unwrap();
          void message.success(answer.message);
        } catch (error) {
          showErrors(error);
        }
      },
    });

  return (
    <Row gutter={[16, 16]}>
      {refundDue && (
        <Col span={24}>
          <Alert
            type="warning"
            showIcon
            role="alert"
            // A refund due on a paid order can only be a second payment; on an unpaid one, money that came after the cancellation.
            title={data.is_paid ? DOUBLE_PAYMENT_TITLE : REFUND_DUE_TITLE}
            description={
              data.is_paid
                ? `${ksh(refundDue.amount)} was taken on ${formatDateTime(refundDue.since)} by a further payment for this order, which was already paid. Refund the extra payment to the customer.`
                : `${ksh(refundDue.amount)} was taken on ${formatDateTime(refundDue.since)}, after this order was cancelled. The order stays cancelled: refund the customer.`
            }
            action={
              <Button size="small" loading={refunding} onClick={() => confirmRefundMade(refundDue.amount)}>
                {MARK_REFUND_MADE}
              </Button>
            }
          />
        </Col>
      )}
      <Col xs={24} lg={14}>
        <Card
          title={
            <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
              {`Order ${data.order_number}`}
            </Typography.Title>
          }
          extra={
            <>
              <StatusTag status={data.status} /> <PaidTag paid={data.is_paid} refundDue={refundDue !== null} />
              {data.refunded && !refundDue && (
                <Tag
                  color="blue"
                  title={`${ksh(data.refunded.amount)} refunded on ${formatDateTime(data.refunded.at)}${data.refunded.by ? ` by ${data.refunded.by}` : ''}`}
                >
                  Refunded
                </Tag>
              )}
            </>
          }
          style={{ marginBottom: 16 }}
        >
          <Table<OrderItem>
            rowKey="id"
            columns={itemColumns}
            dataSource={data.order_items}
            pagination={false}
            size="small"
            summary={() => (
              <>
                {data.discount > 0 && (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0} colSpan={2}>
                      Coupon discount
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">{`− ${ksh(data.discount)}`}</Table.Summary.Cell>
                  </Table.Summary.Row>
                )}
                {data.points_discount > 0 && (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0} colSpan={2}>
                      Shwari Points
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">{`− ${ksh(data.points_discount)}`}</Table.Summary.Cell>
                  </Table.Summary.Row>
                )}
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={2}>
                    <strong>Total</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    <strong data-testid="order-total">{ksh(data.total_amount)}</strong>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              </>
            )}
          />
          {data.order_notes && <Typography.Paragraph style={{ marginTop: 16 }}>{`Notes: ${data.order_notes}`}</Typography.Paragraph>}
        </Card>
        <Card title="Shipping address">
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            <Descriptions.Item label="Name">{`${address.first_name} ${address.last_name}`}</Descriptions.Item>
            <Descriptions.Item label="Address">{address.street_address}</Descriptions.Item>
            <Descriptions.Item label="County">{address.county.name}</Descriptions.Item>
            <Descriptions.Item label="Sub County">{address.sub_county.name}</Descriptions.Item>
            <Descriptions.Item label="Phone">{address.phone}</Descriptions.Item>
            <Descriptions.Item label="Email">{address.email}</Descriptions.Item>
            <Descriptions.Item label="Apartment">{address.apartment ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Town">{address.town}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title="Change status" style={{ marginBottom: 16 }}>
          {isFinal && <Typography.Paragraph type="secondary">{finalStatusNote(data.status.name)}</Typography.Paragraph>}
          <Form form={form} layout="vertical" onFinish={submit} disabled={isFinal}>
            <Form.Item label="New status" name="status_id" rules={[{ required: true, message: 'Please choose a status.' }]}>
              <Select<number> onChange={setStatusId} loading={statuses.isLoading} options={statusOptions} />
            </Form.Item>
            <Form.Item label="Note" name="note" rules={[{ max: 255, message: 'At most 255 characters.' }]}>
              <Input.TextArea rows={2} placeholder="Optional, e.g. the rider's name" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={changing} disabled={!statusId}>
              Change status
            </Button>
          </Form>
        </Card>
        <Card title="Status history">
          <Timeline
            items={[...data.status_history].reverse().map((entry, index) => ({
              key: `${entry.created_at}-${index}`,
              color: entry.status.color,
              content: (
                <>
                  <Typography.Text strong>{entry.status.name}</Typography.Text>
                  <Typography.Text type="secondary">{` · ${formatDateTime(entry.created_at)}`}</Typography.Text>
                  {entry.note && <div>{entry.note}</div>}
                </>
              ),
            }))}
          />
        </Card>
      </Col>
    </Row>
  );
}
