import { useState } from 'react';
import { Button, Card, Table, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import type { AdminCoupon } from '@shop/api-types';
import { useCouponsQuery } from '../api/adminApi';
import { RowActions } from '../common/RowActions';
import { EmptyState, LoadError } from '../common/states';
import { CouponFormModal } from './CouponFormModal';
import { discountText, validText } from './couponForm';
import { CodeText } from '../common/Nowrap';

/** /admin/coupons: #, Coupon, Discount, Valid, Redeems, Code; add and edit in a modal. */
export default function CouponsPage(): JSX.Element {
  const navigate = useNavigate();
  const coupons = useCouponsQuery();
  const [editing, setEditing] = useState<{ coupon: AdminCoupon | null } | null>(null);

  const columns: TableColumnsType<AdminCoupon> = [
    { title: '#', key: 'index', width: 56, render: (_, __, index) => index + 1 },
    { title: 'Coupon', key: 'name', render: (_, coupon) => <Link to={`/admin/coupons/${coupon.id}`}>{coupon.name}</Link> },
    { title: 'Discount', key: 'discount', render: (_, coupon) => discountText(coupon) },
    { title: 'Valid', key: 'valid', render: (_, coupon) => validText(coupon) },
    {
      title: 'Redeems',
      key: 'redeems',
      align: 'right',
      render: (_, coupon) => (coupon.usage_limit ? `${coupon.redeems} / ${coupon.usage_limit}` : String(coupon.redeems)),
    },
    {
      title: 'Code',
      key: 'code',
      render: (_, coupon) => <CodeText code={coupon.code} copyable />,
    },
    {
      title: 'Action',
      key: 'action',
      width: 110,
      render: (_, coupon) => (
        <RowActions
          label={coupon.name}
          actions={[
            { key: 'view', label: 'View', onClick: () => navigate(`/admin/coupons/${coupon.id}`) },
            { key: 'edit', label: 'Edit', onClick: () => setEditing({ coupon }) },
          ]}
        />
      ),
    },
  ];

  return (
    <Card
      title="Coupons"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ coupon: null })}>
          Add Coupon
        </Button>
      }
    >
      {coupons.error ? (
        <LoadError error={coupons.error} onRetry={() => void coupons.refetch()} />
      ) : (
        <Table<AdminCoupon>
          rowKey="id"
          columns={columns}
          dataSource={coupons.data ?? []}
          loading={coupons.isFetching}
          pagination={{ pageSize: 15, showSizeChanger: false, hideOnSinglePage: true }}
          scroll={{ x: true }}
          locale={{ emptyText: coupons.isLoading ? ' ' : <EmptyState description="No Coupons" /> }}
        />
      )}
      {editing && <CouponFormModal coupon={editing.coupon} onClose={() => setEditing(null)} />}
    </Card>
  );
}
