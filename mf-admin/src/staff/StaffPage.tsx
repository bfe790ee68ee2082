import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ADMIN_MESSAGES, NAME_MAX_LENGTH, type StaffMember } from '@shop/api-types';
import { useAddStaffMutation, useDeactivateStaffMutation, useStaffQuery, type StaffBody } from '../api/adminApi';
import { useAdminSelector } from '../api/hooks';
import { useApiErrorToasts } from '../common/errors';
import { formatDate } from '../common/format';
import { EmptyState, LoadError } from '../common/states';
import { selectAdminEmail } from '../session/adminSession';

/** Staff passwords are longer than customers' (8): a back-office account can change the catalogue. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

function AddStaffModal({ onClose }: { onClose: () => void }): JSX.Element {
  const { message } = App.useApp();
  const showErrors = useApiErrorToasts();
  const [form] = Form.useForm<StaffBody>();
  const [add, { isLoading }] = useAddStaffMutation();
  const submit = async (values: StaffBody) => {
    try {
      await add({
        ...values,
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        email: values.email.trim(),
      }).unwrap();
      void message.success('Staff member added.');
      onClose();
    } catch (error) {
      showErrors(error, form);
    }
  };
  return (
    <Modal
      open
      title="Add staff member"
      okText="Add staff member"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<StaffBody> form={form} layout="vertical" onFinish={submit} name="staff">
        <Form.Item
          label="First name"
          name="first_name"
          rules={[{ required: true, whitespace: true, message: 'Please enter the first name.' }, { max: NAME_MAX_LENGTH }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label="Last name"
          name="last_name"
          rules={[{ required: true, whitespace: true, message: 'Please enter the last name.' }, { max: NAME_MAX_LENGTH }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, message: 'Please enter the email address.' },
            { type: 'email', message: 'Please enter a valid email address.' },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          rules={[
            { required: true, message: 'Please enter a password.' },
            { min: STAFF_PASSWORD_MIN_LENGTH, message: `The password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters.` },
          ]}
          extra={`At least ${STAFF_PASSWORD_MIN_LENGTH} characters. Share it with the new colleague in person.`}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /admin/users (Administration): staff accounts; add, and deactivate with confirmation. */
export default function StaffPage(): JSX.Element {
  const { modal, message } = App.useApp();
  const showErrors = useApiErrorToasts();
  const myEmail = useAdminSelector(selectAdminEmail);
  const staff = useStaffQuery();
  const [deactivate] = useDeactivateStaffMutation();
  const [adding, setAdding] = useState(false);
  const isMe = (member: StaffMember) => Boolean(myEmail) && member.email.toLowerCase() === myEmail?.toLowerCase();

  const confirmDeactivate = (member: StaffMember) =>
    modal.confirm({
      title: `Deactivate ${member.first_name} ${member.last_name}?`,
      content: 'They are signed out everywhere and can no longer log in to the back office.',
      okText: 'Deactivate',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const answer = await deactivate(member.id).unwrap();
          void message.success(answer.message || 'Staff member deactivated.');
        } catch (error) {
          showErrors(error);
        }
      },
    });

  const columns: TableColumnsType<StaffMember> = [
    { title: 'Name', key: 'name', render: (_, member) => `${member.first_name} ${member.last_name}${isMe(member) ? ' (you)' : ''}` },
    { title: 'Email', key: 'email', render: (_, member) => member.email },
    { title: 'Status', key: 'status', render: (_, member) => (member.active ? <Tag color="green">Active</Tag> : <Tag>Deactivated</Tag>) },
    { title: 'Added', key: 'added', render: (_, member) => formatDate(member.created_at) },
    {
      title: 'Action',
      key: 'action',
      render: (_, member) => {
        if (!member.active) return null;
        const button = (
          <Button
            danger
            size="small"
            disabled={isMe(member)}
            onClick={() => confirmDeactivate(member)}
            aria-label={`Deactivate ${member.first_name} ${member.last_name}`}
          >
            Deactivate
          </Button>
        );
        return isMe(member) ? (
          <Tooltip title={ADMIN_MESSAGES.cannotDeactivateSelf}>
            <span data-testid="own-row-reason" title={ADMIN_MESSAGES.cannotDeactivateSelf}>
              {button}
            </span>
          </Tooltip>
        ) : (
          button
        );
      },
    },
  ];

  return (
    <Card
      title="Staff"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          Add staff member
        </Button>
      }
    >
      {staff.error ? (
        <LoadError error={staff.error} onRetry={() => void staff.refetch()} />
      ) : (
        <Table<StaffMember>
          rowKey="id"
          columns={columns}
          dataSource={staff.data ?? []}
          loading={staff.isFetching}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: staff.isLoading ? ' ' : <EmptyState description="No staff accounts." /> }}
        />
      )}
      {adding && <AddStaffModal onClose={() => setAdding(false)} />}
    </Card>
  );
}
