import { Card, Descriptions, Table, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { CouponRedemption } from '@shop/api-types';
import { useCouponQuery } from '../api/adminApi';
import { formatDateTime } from '../common/format';
import NotFoundPage from '../common/NotFoundPage';
import { EmptyState, LoadError, Loading } from '../common/states';
import { useIdParam } from '../common/useIdParam';
import { discountText, validText } from './couponForm';
import { CodeText, Money } from '../common/Nowrap';

const columns: TableColumnsType<CouponRedemption> = [
  { title: 'Customer', key: 'customer', render: (_, row) => `${row.customer.first_name} ${row.customer.last_name}` },
  { title: 'Discount', key: 'discount', render: (_, row) => row.discount },
  { title: 'Value', key: 'value', align: 'right', render: (_, row) => <Money amount={row.value} /> },
  { title: 'Order', key: 'order', render: (_, row) => row.order_number },
  { title: 'Date', key: 'date', render: (_, row) => formatDateTime(row.created_at) },
];

/** /admin/coupons/:id: the coupon and its redemptions. */
export default function CouponPage(): JSX.Element {
  const id = useIdParam();
  const coupon = useCouponQuery(id ?? skipToken);
  if (id === null || (coupon.error && 'status' in coupon.error && coupon.error.status === 404))
    return <NotFoundPage subject="This coupon" />;
  if (coupon.isLoading) return <Loading />;
  if (coupon.error || !coupon.data) return <LoadError error={coupon.error} onRetry={() => void coupon.refetch()} />;
  const data = coupon.data;
  return (
    <>
      <Card
        style={{ marginBottom: 16 }}
        title={
          <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
            {data.name}
          </Typography.Title>
        }
      >
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label="Code">
            <CodeText code={data.code} />
          </Descriptions.Item>
          <Descriptions.Item label="Discount">{discountText(data)}</Descriptions.Item>
          <Descriptions.Item label="Valid">{validText(data)}</Descriptions.Item>
          <Descriptions.Item label="Redeems">{data.usage_limit ? `${data.redeems} / ${data.usage_limit}` : data.redeems}</Descriptions.Item>
          <Descriptions.Item label="Per customer">{data.per_customer_limit ?? 'No limit'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="Redemptions">
        <Table<CouponRedemption>
          rowKey="id"
          columns={columns}
          dataSource={data.redemptions}
          pagination={data.redemptions.length > 15 ? { pageSize: 15, showSizeChanger: false } : false}
          scroll={{ x: true }}
          locale={{ emptyText: <EmptyState description="No redemptions yet." /> }}
        />
      </Card>
      <Link to="/admin/coupons">Back to coupons</Link>
    </>
  );
}
