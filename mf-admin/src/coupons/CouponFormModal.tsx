import { App, Col, DatePicker, Form, Input, InputNumber, Modal, Radio, Row } from 'antd';
import { ADMIN_MESSAGES, SUCCESS_TOAST_MS, type AdminCoupon } from '@shop/api-types';
import { useSaveCouponMutation } from '../api/adminApi';
import { useApiErrorToasts } from '../common/errors';
import { DATE_FORMAT } from '../common/format';
import { COUPON_FIELD_NAMES, couponBody, couponInitialValues, type CouponFormValues } from './couponForm';

/** 'Add New Coupon' / 'Edit Coupon'. Success closes it, the list reloads, a toast says so. */
export function CouponFormModal({ coupon, onClose }: { coupon: AdminCoupon | null; onClose: () => void }): JSX.Element {
  const { message } = App.useApp();
  const showErrors = useApiErrorToasts();
  const [form] = Form.useForm<CouponFormValues>();
  const [save, { isLoading }] = useSaveCouponMutation();
  const type = Form.useWatch('discount_type', form) ?? coupon?.discount.discount_type ?? 'percent';

  const submit = async (values: CouponFormValues) => {
    try {
      await save({ id: coupon?.id, body: couponBody(values) }).unwrap();
      void message.success(coupon ? ADMIN_MESSAGES.couponUpdated : ADMIN_MESSAGES.couponSaved, SUCCESS_TOAST_MS / 1000);
      onClose();
    } catch (error) {
      showErrors(error, form, 'The coupon could not be saved. Please try again.', COUPON_FIELD_NAMES);
    }
  };

  return (
    <Modal
      open
      title={coupon ? 'Edit Coupon' : 'Add New Coupon'}
      onCancel={onClose}
      destroyOnHidden
      okText={coupon ? 'Update Coupon' : 'Add Coupon'}
      onOk={() => form.submit()}
      confirmLoading={isLoading}
      width={640}
      mask={{ closable: false }}
    >
      <Form<CouponFormValues> form={form} layout="vertical" onFinish={submit} initialValues={couponInitialValues(coupon)} name="coupon">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              label="Coupon name"
              name="name"
              rules={[{ required: true, whitespace: true, message: 'Please enter the coupon name.' }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Code"
              name="code"
              normalize={(value: string) => value.toUpperCase().replace(/\s+/g, '')}
              rules={[
                { required: true, message: 'Please enter the code shoppers type.' },
                { pattern: /^[A-Z0-9_-]{1,40}$/, message: 'Use up to 40 letters, digits, - or _.' },
              ]}
            >
              <Input style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Discount Type" name="discount_type" rules={[{ required: true, message: 'Please choose the discount type.' }]}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'percent', label: 'Percent' },
                  { value: 'value', label: 'Value' },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Discount Name"
              name="discount"
              rules={[{ required: true, whitespace: true, message: 'Please enter the discount name.' }]}
            >
              <Input placeholder="Karibu 10%" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {type === 'percent' ? (
              <Form.Item
                label="Discount %"
                name="discount_percent"
                rules={[
                  { required: true, message: 'Please enter the discount percentage.' },
                  { type: 'number', min: 0.01, max: 100, message: 'Between 0.01 and 100.' },
                ]}
              >
                <InputNumber<number> style={{ width: '100%' }} min={0} max={100} precision={2} suffix="%" />
              </Form.Item>
            ) : (
              <Form.Item
                label="Discount Value in Ksh"
                name="discount_value"
                rules={[
                  { required: true, message: 'Please enter the discount value.' },
                  { type: 'number', min: 1, message: 'At least KSh 1.' },
                ]}
              >
                <InputNumber<number> style={{ width: '100%' }} min={0} precision={2} prefix="KSh" />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Valid Date range"
              name="valid"
              rules={[{ required: true, message: 'Please choose when the coupon is valid.' }]}
            >
              <DatePicker.RangePicker format={DATE_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item label="Usage limit" name="usage_limit" extra="Total redemptions; empty for no limit.">
              <InputNumber<number> style={{ width: '100%' }} min={1} precision={0} />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item label="Per-customer limit" name="per_customer_limit" extra="Empty for no limit.">
              <InputNumber<number> style={{ width: '100%' }} min={1} precision={0} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
