import { useState } from 'react';
import { App, Button, Col, Form, Input, InputNumber, Modal, Row, Select, Switch, Typography, Upload } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ADMIN_MESSAGES, PRODUCT_IMAGE_TYPES, SUCCESS_TOAST_MS, type AdminProduct, type ProductState } from '@shop/api-types';
import { useBrandsQuery, useCategoriesQuery, useSaveProductMutation, useSkusQuery } from '../api/adminApi';
import { useApiErrorToasts } from '../common/errors';
import {
  discountLabel,
  imageProblem,
  IMAGE_MESSAGES,
  initialValues,
  offerPercent,
  productFormData,
  type ProductFormValues,
} from './productForm';
import { htmlText } from './richText';
import { RichTextField } from './RichTextField';

const requiredText = (message: string) => ({
  validator: async (_: unknown, value: string | undefined) => {
    if (!value || !htmlText(value)) throw new Error(message);
  },
});

/** 'Add New Product' / 'Edit Product': the product form in a modal; closing resets it. */
export function ProductFormModal({
  open,
  product,
  onClose,
}: {
  open: boolean;
  product?: AdminProduct | null;
  onClose: () => void;
}): JSX.Element {
  const editing = Boolean(product);
  const { message } = App.useApp();
  const showErrors = useApiErrorToasts();
  const [form] = Form.useForm<ProductFormValues>();
  const [save] = useSaveProductMutation();
  const [saving, setSaving] = useState<ProductState | null>(null);
  const brands = useBrandsQuery(undefined, { skip: !open });
  const categories = useCategoriesQuery(undefined, { skip: !open });
  const skus = useSkusQuery(undefined, { skip: !open });
  const price = Form.useWatch('price', form);
  const offer = Form.useWatch('offer_price', form);
  const percent = offerPercent(price, offer);

  const submit = async (status: ProductState): Promise<void> => {
    let values: ProductFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // antd shows each field's message.
    }
    setSaving(status);
    try {
      await save({ id: product?.id, form: productFormData(values, status) }).unwrap();
      void message.success(editing ? ADMIN_MESSAGES.productUpdated : ADMIN_MESSAGES.productSaved, SUCCESS_TOAST_MS / 1000);
      onClose();
    } catch (error) {
      showErrors(error, form, 'The product could not be saved. Please try again.');
    } finally {
      setSaving(null);
    }
  };

  const live = <T extends { archived_at: string | null; id: number }>(list: T[] | undefined, keep?: number) =>
    (list ?? []).filter((item) => !item.archived_at || item.id === keep);

  return (
    <Modal
      open={open}
      title={editing ? 'Edit Product' : 'Add New Product'}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
      width={880}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="draft" onClick={() => void submit('draft')} loading={saving === 'draft'} disabled={saving !== null}>
          Save Draft
        </Button>,
        <Button
          key="publish"
          type="primary"
          onClick={() => void submit('published')}
          loading={saving === 'published'}
          disabled={saving !== null}
        >
          {editing ? 'Update Product' : 'Add Product'}
        </Button>,
      ]}
    >
      <Form<ProductFormValues> form={form} layout="vertical" initialValues={initialValues(product)} name="product" preserve={false}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              label="Product Name"
              name="name"
              rules={[{ required: true, whitespace: true, message: 'Please enter the product name.' }, { max: 200 }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Brand" name="brand_id" rules={[{ required: true, message: 'Please choose a brand.' }]}>
              <Select
                showSearch
                optionFilterProp="label"
                loading={brands.isLoading}
                options={live(brands.data, product?.brand_id).map((brand) => ({ value: brand.id, label: brand.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Product Category" name="category_id" rules={[{ required: true, message: 'Please choose a category.' }]}>
              <Select
                showSearch
                optionFilterProp="label"
                loading={categories.isLoading}
                options={live(categories.data, product?.category_id).map((category) => ({ value: category.id, label: category.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="SKU" name="sku_id" rules={[{ required: true, message: 'Please choose a SKU.' }]}>
              <Select
                showSearch
                optionFilterProp="label"
                loading={skus.isLoading}
                options={(skus.data ?? []).map((sku) => ({ value: sku.id, label: sku.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              label="Unit"
              name="unit"
              rules={[{ required: true, whitespace: true, message: 'Please enter the unit, e.g. 2kg.' }, { max: 60 }]}
            >
              <Input placeholder="2kg" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              label="Regular Price"
              name="price"
              rules={[
                { required: true, message: 'Please enter the regular price.' },
                { type: 'number', min: 0.01, message: 'The price must be greater than 0.' },
              ]}
            >
              <InputNumber<number> style={{ width: '100%' }} min={0} precision={2} prefix="KSh" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              label="Offer Price"
              name="offer_price"
              dependencies={['price']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_: unknown, value: number | null | undefined) => {
                    const regular = getFieldValue('price') as number | null | undefined;
                    if (value === null || value === undefined) return;
                    if (value <= 0) throw new Error('The offer price must be greater than 0.');
                    if (regular && value >= regular) throw new Error('The offer price must be lower than the regular price.');
                  },
                }),
              ]}
            >
              <InputNumber<number> style={{ width: '100%' }} min={0} precision={2} prefix="KSh" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Discount">
              <Typography.Text strong data-testid="discount">
                {percent === null ? '—' : discountLabel(percent)}
              </Typography.Text>
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              label="Minimum quantity"
              name="minimum_quantity"
              rules={[{ type: 'number', min: 1, max: 1000, message: 'Between 1 and 1000.' }]}
            >
              <InputNumber<number> style={{ width: '100%' }} min={1} max={1000} precision={0} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              label="Maximum quantity"
              name="maximum_quantity"
              dependencies={['minimum_quantity']}
              rules={[
                { type: 'number', min: 1, max: 1000, message: 'Between 1 and 1000.' },
                ({ getFieldValue }) => ({
                  validator: async (_: unknown, value: number | null | undefined) => {
                    const minimum = getFieldValue('minimum_quantity') as number | null | undefined;
                    if (value && minimum && value < minimum) throw new Error('The maximum quantity must be at least the minimum quantity.');
                  },
                }),
              ]}
            >
              <InputNumber<number> style={{ width: '100%' }} min={1} max={1000} precision={0} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Featured Product"
              name="is_featured"
              valuePropName="checked"
              extra="Featured products appear among the storefront's best sellers."
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              label="Short Description"
              name="short_description"
              required
              rules={[requiredText('Please enter a short description.')]}
            >
              <RichTextField label="Short Description" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              label="Product Description"
              name="description"
              required
              rules={[requiredText('Please enter the product description.')]}
            >
              <RichTextField label="Product Description" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              label="Product Image"
              name="image"
              valuePropName="fileList"
              getValueFromEvent={(event: { fileList: unknown[] } | unknown[]) => (Array.isArray(event) ? event : event.fileList)}
              required={!editing}
              rules={[
                {
                  validator: async (_: unknown, files: unknown[] | undefined) => {
                    if (!editing && !files?.length) throw new Error(IMAGE_MESSAGES.required);
                  },
                },
              ]}
              extra={
                editing
                  ? 'JPEG, PNG or WebP, at most 2 MB. Choose a file only to replace the current image.'
                  : 'JPEG, PNG or WebP, at most 2 MB.'
              }
            >
              <Upload
                listType="picture-card"
                maxCount={1}
                accept={PRODUCT_IMAGE_TYPES.join(',')}
                previewFile={(file) => Promise.resolve(URL.createObjectURL(file))}
                beforeUpload={(file) => {
                  const problem = imageProblem(file);
                  if (problem) {
                    void message.error(problem);
                    form.setFields([{ name: 'image', errors: [problem] }]);
                    return Upload.LIST_IGNORE;
                  }
                  // Kept in the form and sent with it; nothing uploads on its own.
                  return false;
                }}
              >
                <button type="button" style={{ border: 0, background: 'none' }}>
                  <PlusOutlined aria-hidden />
                  <div style={{ marginTop: 8 }}>Choose image</div>
                </button>
              </Upload>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

export default ProductFormModal;
