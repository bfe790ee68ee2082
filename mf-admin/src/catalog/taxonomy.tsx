import { useState } from 'react';
import { App, Button, Card, ColorPicker, Form, Input, Modal, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { AdminBrand, AdminCategory, AdminProduct } from '@shop/api-types';
import {
  useArchiveBrandMutation,
  useArchiveCategoryMutation,
  useBrandQuery,
  useBrandsQuery,
  useCategoriesQuery,
  useCategoryQuery,
  useSaveBrandMutation,
  useSaveCategoryMutation,
} from '../api/adminApi';
import { useApiErrorToasts } from '../common/errors';
import NotFoundPage from '../common/NotFoundPage';
import { RowActions } from '../common/RowActions';
import { EmptyState, LoadError, Loading } from '../common/states';
import { useIdParam } from '../common/useIdParam';
import { PRIMARY_COLOUR } from '../theme';
import { ProductPrice } from '../products/productBits';

export type TaxonomyKind = 'category' | 'brand';
type Row = AdminCategory | AdminBrand;

interface TaxonomyForm {
  name: string;
  company?: string;
  color?: string;
}

const WORDS = {
  category: {
    one: 'Category',
    many: 'Categories',
    path: '/admin/category',
    saved: 'Category successfully saved.',
    updated: 'Category successfully updated.',
  },
  brand: { one: 'Brand', many: 'Brands', path: '/admin/brand', saved: 'Brand successfully saved.', updated: 'Brand successfully updated.' },
} as const;

/** Add / edit a category (a name) or a brand (name, company, colour). */
function TaxonomyModal({ kind, row, onClose }: { kind: TaxonomyKind; row: Row | null; onClose: () => void }): JSX.Element {
  const words = WORDS[kind];
  const { message } = App.useApp();
  const showErrors = useApiErrorToasts();
  const [form] = Form.useForm<TaxonomyForm>();
  const [saveCategory, categoryState] = useSaveCategoryMutation();
  const [saveBrand, brandState] = useSaveBrandMutation();
  const saving = categoryState.isLoading || brandState.isLoading;
  const brand = kind === 'brand' ? (row as AdminBrand | null) : null;

  const submit = async (values: TaxonomyForm) => {
    try {
      if (kind === 'category') await saveCategory({ id: row?.id, body: { name: values.name.trim() } }).unwrap();
      else
        await saveBrand({
          id: row?.id,
          body: { name: values.name.trim(), company: (values.company ?? '').trim(), color: values.color ?? PRIMARY_COLOUR },
        }).unwrap();
      void message.success(row ? words.updated : words.saved, 3);
      onClose();
    } catch (error) {
      showErrors(error, form);
    }
  };

  return (
    <Modal
      open
      title={row ? `Edit ${words.one}` : `Add ${words.one}`}
      onCancel={onClose}
      destroyOnHidden
      okText={row ? `Update ${words.one}` : `Add ${words.one}`}
      onOk={() => form.submit()}
      confirmLoading={saving}
    >
      <Form<TaxonomyForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ name: row?.name ?? '', company: brand?.company ?? '', color: brand?.color ?? PRIMARY_COLOUR }}
      >
        <Form.Item
          label="Name"
          name="name"
          rules={[{ required: true, whitespace: true, message: `Please enter the ${words.one.toLowerCase()} name.` }, { max: 120 }]}
        >
          <Input />
        </Form.Item>
        {kind === 'brand' && (
          <>
            <Form.Item
              label="Company"
              name="company"
              rules={[{ required: true, whitespace: true, message: 'Please enter the company that makes the brand.' }, { max: 120 }]}
            >
              <Input />
            </Form.Item>
            <Form.Item label="Colour" name="color" getValueFromEvent={(colour: { toHexString: () => string }) => colour.toHexString()}>
              <ColorPicker format="hex" disabledAlpha showText />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

/** /admin/categories and /admin/brands: #, name (to its page), product count, actions. */
export function TaxonomyListPage({ kind }: { kind: TaxonomyKind }): JSX.Element {
  const words = WORDS[kind];
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const showErrors = useApiErrorToasts();
  const categories = useCategoriesQuery(undefined, { skip: kind !== 'category' });
  const brands = useBrandsQuery(undefined, { skip: kind !== 'brand' });
  const list = kind === 'category' ? categories : brands;
  const [archiveCategory] = useArchiveCategoryMutation();
  const [archiveBrand] = useArchiveBrandMutation();
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);

  const confirmArchive = (row: Row) =>
    modal.confirm({
      title: `Archive ${row.name}?`,
      content: `The ${words.one.toLowerCase()} leaves the shop's filters. Its products stay as they are.`,
      okText: 'Archive',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const answer = await (kind === 'category' ? archiveCategory(row.id) : archiveBrand(row.id)).unwrap();
          void message.success(answer.message || `${words.one} archived.`);
        } catch (error) {
          showErrors(error);
        }
      },
    });

  const columns: TableColumnsType<Row> = [
    { title: '#', key: 'index', width: 56, render: (_, __, index) => index + 1 },
    {
      title: words.one,
      key: 'name',
      render: (_, row) => (
        <>
          <Link to={`${words.path}/${row.id}`}>{row.name}</Link>
          {row.archived_at && <Tag style={{ marginLeft: 8 }}>Archived</Tag>}
        </>
      ),
    },
    ...(kind === 'brand' ? [{ title: 'Company', key: 'company', render: (_: unknown, row: Row) => (row as AdminBrand).company }] : []),
    { title: 'Products', key: 'products', align: 'right', render: (_, row) => row.products_count },
    {
      title: 'Action',
      key: 'action',
      width: 110,
      render: (_, row) => (
        <RowActions
          label={row.name}
          actions={[
            { key: 'view', label: 'View', onClick: () => navigate(`${words.path}/${row.id}`) },
            { key: 'edit', label: 'Edit', onClick: () => setEditing({ row }) },
            { key: 'archive', label: 'Archive', danger: true, disabled: Boolean(row.archived_at), onClick: () => confirmArchive(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <Card
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
          {`Add ${words.one}`}
        </Button>
      }
      title={words.many}
    >
      {list.error ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<Row>
          rowKey="id"
          columns={columns}
          dataSource={(list.data ?? []) as Row[]}
          loading={list.isFetching}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: list.isLoading ? ' ' : <EmptyState description={`No ${words.many}`} /> }}
        />
      )}
      {editing && <TaxonomyModal kind={kind} row={editing.row} onClose={() => setEditing(null)} />}
    </Card>
  );
}

const productColumns: TableColumnsType<AdminProduct> = [
  { title: '#', key: 'index', width: 56, render: (_, __, index) => index + 1 },
  { title: 'Product', key: 'name', render: (_, product) => <Link to={`/admin/product/${product.id}`}>{product.name}</Link> },
  { title: 'Brand', key: 'brand', render: (_, product) => product.brand.name },
  { title: 'SKU', key: 'sku', render: (_, product) => product.sku.name },
  { title: 'Price', key: 'price', render: (_, product) => <ProductPrice product={product} /> },
];

/** /admin/category/:id and /admin/brand/:id: the name and its products. */
export function TaxonomyViewPage({ kind }: { kind: TaxonomyKind }): JSX.Element {
  const words = WORDS[kind];
  const id = useIdParam();
  const category = useCategoryQuery(kind === 'category' && id !== null ? id : skipToken);
  const brand = useBrandQuery(kind === 'brand' && id !== null ? id : skipToken);
  const view = kind === 'category' ? category : brand;
  if (id === null || (view.error && 'status' in view.error && view.error.status === 404))
    return <NotFoundPage subject={`This ${words.one.toLowerCase()}`} />;
  if (view.isLoading) return <Loading />;
  if (view.error || !view.data) return <LoadError error={view.error} onRetry={() => void view.refetch()} />;
  const data = view.data;
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
          {data.name}
        </Typography.Title>
      }
      extra={data.archived_at ? <Tag>Archived</Tag> : undefined}
    >
      {'company' in data && <Typography.Paragraph type="secondary">{String(data.company)}</Typography.Paragraph>}
      <Table<AdminProduct>
        rowKey="id"
        columns={productColumns}
        dataSource={data.products}
        pagination={data.products.length > 15 ? { pageSize: 15, showSizeChanger: false } : false}
        scroll={{ x: true }}
        locale={{ emptyText: <EmptyState description="No Products" /> }}
      />
    </Card>
  );
}
