import { Space, Tag, Typography } from 'antd';
import type { AdminProduct } from '@shop/api-types';
import { Money } from '../common/Nowrap';

export function ProductStatusTag({ product }: { product: Pick<AdminProduct, 'status' | 'archived_at'> }): JSX.Element {
  if (product.archived_at) return <Tag color="default">Archived</Tag>;
  return product.status === 'draft' ? <Tag color="gold">Draft</Tag> : <Tag color="green">Published</Tag>;
}

export function ProductPrice({ product }: { product: Pick<AdminProduct, 'price' | 'offer'> }): JSX.Element {
  if (!product.offer) return <Money amount={product.price} />;
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text strong>
        <Money amount={product.offer.offer_price} />
      </Typography.Text>
      <Space size={4}>
        <Typography.Text delete type="secondary">
          <Money amount={product.price} />
        </Typography.Text>
        <Tag color="red">{product.offer.discount.name} off</Tag>
      </Space>
    </Space>
  );
}
