import { lazy, Suspense, useState } from 'react';
import { App, Button, Card, Flex, Input, Select, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined, StarFilled } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { ADMIN_PRODUCT_SORTS, type AdminProduct, type AdminProductSort } from '@shop/api-types';
import { useArchiveProductMutation, useBrandsQuery, useProductsQuery } from '../api/adminApi';
import { useApiErrorToasts } from '../common/errors';
import { RowActions } from '../common/RowActions';
import { EmptyState, LoadError } from '../common/states';
import { ProductPrice, ProductStatusTag } from './productBits';
import { useDebounced } from '../common/useDebounced';

// The form (and through it the rich-text editor) loads when a modal first opens.
const ProductFormModal = lazy(() => import(/* webpackChunkName: "admin-product-form" */ './ProductFormModal'));

export const SORT_OPTIONS: Record<AdminProductSort, string> = {
  default: 'Default Sorting',
  'price-low-high': 'Price: Low to High',
  'price-high-low': 'Price: High to Low',
  newest: 'Newest Arrivals',
  'most-popular': 'Most Popular',
  'top-rated': 'Top Rated',
};

/** /admin/products: the catalogue with search, sort, brand filter, add, edit and archive. */
export default function ProductsPage(): JSX.Element {
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const showErrors = useApiErrorToasts();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [sort, setSort] = useState<AdminProductSort>('default');
  const [brandId, setBrandId] = useState<number | undefined>();
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<{ product: AdminProduct | null } | null>(null);
  const products = useProductsQuery({ q, sort, brand_id: brandId, archived });
  const brands = useBrandsQuery();
  const [archive] = useArchiveProductMutation();

  const confirmArchive = (product: AdminProduct, restore: boolean) =>
    modal.confirm({
      title: restore ? `Restore ${product.name}?` : `Archive ${product.name}?`,
      content: restore
        ? 'It returns to the shop with its current status.'
        : 'It leaves the shop at once. Past orders keep it; you can restore it later.',
      okText: restore ? 'Restore' : 'Archive',
      okButtonProps: { danger: !restore },
      onOk: async () => {
        try {
          const answer = await archive({ id: product.id, restore }).unwrap();
          void message.success(answer.message || (restore ? 'Product restored.' : 'Product archived.'));
        } catch (error) {
          showErrors(error);
        }
      },
    });

  const columns: TableColumnsType<AdminProduct> = [
    { title: '#', key: 'index', width: 56, render: (_, __, index) => index + 1 },
    { title: 'Product', key: 'name', render: (_, product) => <Link to={`/admin/product/${product.id}`}>{product.name}</Link> },
    { title: 'Brand', key: 'brand', render: (_, product) => product.brand.name },
    { title: 'Category', key: 'category', render: (_, product) => product.category.name },
    { title: 'SKU', key: 'sku', render: (_, product) => product.sku.name },
    { title: 'Price', key: 'price', render: (_, product) => <ProductPrice product={product} /> },
    { title: 'Status', key: 'status', render: (_, product) => <ProductStatusTag product={product} /> },
    {
      title: 'Featured',
      key: 'featured',
      render: (_, product) =>
        product.is_featured ? (
          <Tag icon={<StarFilled />} color="green">
            Featured
          </Tag>
        ) : (
          <Typography.Text type="secondary">No</Typography.Text>
        ),
    },
    {
      title: 'Action',
      key: 'action',
      width: 110,
      render: (_, product) => (
        <RowActions
          label={product.name}
          actions={[
            { key: 'view', label: 'View', onClick: () => navigate(`/admin/product/${product.id}`) },
            { key: 'edit', label: 'Edit', onClick: () => setEditing({ product }) },
            product.archived_at
              ? { key: 'restore', label: 'Restore', onClick: () => confirmArchive(product, true) }
              : { key: 'archive', label: 'Archive', danger: true, onClick: () => confirmArchive(product, false) },
          ]}
        />
      ),
    },
  ];

  const filtered = Boolean(q || brandId);
  const openAdd = () => setEditing({ product: null });

  return (
    <Card>
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <Input.Search
            placeholder="Search products"
            aria-label="Search products"
            allowClear
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            style={{ width: 240 }}
          />
          <Select<AdminProductSort>
            aria-label="Sort by"
            value={sort}
            onChange={setSort}
            style={{ width: 200 }}
            options={ADMIN_PRODUCT_SORTS.map((value) => ({ value, label: SORT_OPTIONS[value] }))}
          />
          <Select<number>
            aria-label="Brand"
            placeholder="All brands"
            allowClear
            value={brandId}
            onChange={(value) => setBrandId(value ?? undefined)}
            style={{ width: 200 }}
            loading={brands.isLoading}
            options={(brands.data ?? []).map((brand) => ({ value: brand.id, label: brand.name }))}
          />
          <Space>
            <Switch aria-label="Show archived" checked={archived} onChange={setArchived} size="small" />
            <Typography.Text>Show archived</Typography.Text>
          </Space>
        </Flex>
        <Button type="primary" icon={<PlusOutlined />} onClick={openAdd}>
          Add Product
        </Button>
      </Flex>
      {products.error ? (
        <LoadError error={products.error} onRetry={() => void products.refetch()} />
      ) : (
        <Table<AdminProduct>
          rowKey="id"
          columns={columns}
          dataSource={products.data ?? []}
          loading={products.isFetching}
          pagination={{ pageSize: 15, showSizeChanger: false, hideOnSinglePage: true }}
          scroll={{ x: true }}
          locale={{
            emptyText: products.isLoading ? (
              ' '
            ) : filtered ? (
              <EmptyState description="No products match these filters." />
            ) : (
              <EmptyState description="No products yet.">
                <Button type="primary" onClick={openAdd}>
                  Add Products
                </Button>
              </EmptyState>
            ),
          }}
        />
      )}
      {editing && (
        <Suspense fallback={null}>
          <ProductFormModal key={editing.product?.id ?? 'new'} open product={editing.product} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Card>
  );
}
