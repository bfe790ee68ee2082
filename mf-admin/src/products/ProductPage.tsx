import { Card, Col, Descriptions, Image, Row, Table, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import type { ProductOrderLine } from '@shop/api-types';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useProductQuery } from '../api/adminApi';
import { formatDate, mediaUrl } from '../common/format';
import NotFoundPage from '../common/NotFoundPage';
import { EmptyState, LoadError, Loading } from '../common/states';
import { PaidTag, StatusTag } from '../common/StatusTag';
import { useIdParam } from '../common/useIdParam';
import { ProductPrice, ProductStatusTag } from './productBits';
import { Money } from '../common/Nowrap';

const columns: TableColumnsType<ProductOrderLine> = [
  { title: 'Order Number', key: 'number', render: (_, line) => <Link to={`/admin/orders/${line.order_id}`}>{line.order_number}</Link> },
  { title: 'Customer', key: 'customer', render: (_, line) => line.customer_first_name },
  { title: 'Amount', key: 'amount', align: 'right', render: (_, line) => <Money amount={line.amount} /> },
  { title: 'Date', key: 'date', render: (_, line) => formatDate(line.date) },
  { title: 'Status', key: 'status', render: (_, line) => <StatusTag status={line.status} /> },
  { title: 'Payment', key: 'paid', render: (_, line) => <PaidTag paid={line.is_paid} /> },
];

/** /admin/product/:id: the product and the orders that contain it. */
export default function ProductPage(): JSX.Element {
  const id = useIdParam();
  const product = useProductQuery(id ?? skipToken);
  if (id === null || (product.error && 'status' in product.error && product.error.status === 404))
    return <NotFoundPage subject="This product" />;
  if (product.isLoading) return <Loading />;
  if (product.error || !product.data) return <LoadError error={product.error} onRetry={() => void product.refetch()} />;
  const item = product.data;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Card cover={item.image ? <Image src={mediaUrl(item.image)} alt={item.name} /> : undefined}>
          <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }}>
            {item.name}
          </Typography.Title>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Price">
              <ProductPrice product={item} />
            </Descriptions.Item>
            <Descriptions.Item label="Status">
              <ProductStatusTag product={item} />
            </Descriptions.Item>
            <Descriptions.Item label="Brand">{item.brand.name}</Descriptions.Item>
            <Descriptions.Item label="Category">{item.category.name}</Descriptions.Item>
            <Descriptions.Item label="SKU">{item.sku.name}</Descriptions.Item>
            <Descriptions.Item label="Unit">{item.unit}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card title="Orders with this product">
          <Table<ProductOrderLine>
            rowKey={(line) => `${line.order_id}`}
            columns={columns}
            dataSource={item.order_items}
            pagination={item.order_items.length > 15 ? { pageSize: 15, showSizeChanger: false } : false}
            scroll={{ x: true }}
            locale={{ emptyText: <EmptyState description="No Orders" /> }}
          />
        </Card>
      </Col>
    </Row>
  );
}
