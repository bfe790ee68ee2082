import { Avatar, Card, Col, Descriptions, Row, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { Order } from '@shop/api-types';
import { useCustomerQuery } from '../api/adminApi';
import { count, formatDate, initials, mediaUrl } from '../common/format';
import NotFoundPage from '../common/NotFoundPage';
import { EmptyState, LoadError, Loading } from '../common/states';
import { StatusTag } from '../common/StatusTag';
import { useIdParam } from '../common/useIdParam';
import { Money } from '../common/Nowrap';

const columns: TableColumnsType<Order> = [
  { title: 'Order Number', key: 'number', render: (_, order) => order.order_number },
  { title: 'Products', key: 'products', align: 'right', render: (_, order) => order.products_count },
  { title: 'Amount', key: 'amount', align: 'right', render: (_, order) => <Money amount={order.total_amount} /> },
  { title: 'Date', key: 'date', render: (_, order) => formatDate(order.date) },
  { title: 'Status', key: 'status', render: (_, order) => <StatusTag status={order.status} /> },
  {
    title: 'Action',
    key: 'action',
    render: (_, order) => (
      <Link to={`/admin/orders/${order.id}`} aria-label={`View order ${order.order_number}`}>
        View
      </Link>
    ),
  },
];

/** /admin/customer/:id: photo (or initials), contact, points balance and orders. */
export default function CustomerPage(): JSX.Element {
  const id = useIdParam();
  const customer = useCustomerQuery(id ?? skipToken);
  if (id === null || (customer.error && 'status' in customer.error && customer.error.status === 404))
    return <NotFoundPage subject="This customer" />;
  if (customer.isLoading) return <Loading />;
  if (customer.error || !customer.data) return <LoadError error={customer.error} onRetry={() => void customer.refetch()} />;
  const data = customer.data;
  const name = `${data.first_name} ${data.last_name}`;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Card>
          <Avatar size={88} src={mediaUrl(data.photo)} alt={name} style={{ backgroundColor: '#1f6f3a', marginBottom: 16 }}>
            {initials(data.first_name, data.last_name)}
          </Avatar>
          <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }}>
            {name}
          </Typography.Title>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Email">{data.email}</Descriptions.Item>
            <Descriptions.Item label="Phone">{data.phone ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Customer since">{formatDate(data.created_at)}</Descriptions.Item>
          </Descriptions>
          <Statistic title="Shwari Points balance" value={count(data.loyalty_points.current_balance)} />
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card title="Orders">
          <Table<Order>
            rowKey="id"
            columns={columns}
            dataSource={data.orders}
            pagination={data.orders.length > 15 ? { pageSize: 15, showSizeChanger: false } : false}
            scroll={{ x: true }}
            locale={{ emptyText: <EmptyState description="No Orders" /> }}
          />
        </Card>
      </Col>
    </Row>
  );
}
