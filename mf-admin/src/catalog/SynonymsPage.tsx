import { useMemo, useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { SEARCH_SYNONYM_LIMITS, type SearchSynonym } from '@shop/api-types';
import { useDeleteSynonymMutation, useSaveSynonymMutation, useSynonymsQuery } from '../api/adminApi';
import { useApiErrorToasts } from '../common/errors';
import { RowActions } from '../common/RowActions';
import { EmptyState, LoadError } from '../common/states';

interface SynonymForm {
  phrase: string;
  terms: string;
}

/** Add / edit a synonym: the phrase shoppers type and the catalogue terms it means. */
function SynonymModal({ row, onClose }: { row: SearchSynonym | null; onClose: () => void }): JSX.Element {
  const { message } = App.useApp();
  const showErrors = useApiErrorToasts();
  const [form] = Form.useForm<SynonymForm>();
  const [save, saving] = useSaveSynonymMutation();

  const submit = async (values: SynonymForm) => {
    try {
      const answer = await save({ id: row?.id, body: { phrase: values.phrase.trim(), terms: values.terms.trim() } }).unwrap();
      void message.success(answer.message, 3);
      onClose();
    } catch (error) {
      showErrors(error, form);
    }
  };

  return (
    <Modal
      open
      title={row ? 'Edit Synonym' : 'Add Synonym'}
      onCancel={onClose}
      destroyOnHidden
      okText={row ? 'Update Synonym' : 'Add Synonym'}
      onOk={() => form.submit()}
      confirmLoading={saving.isLoading}
    >
      <Form<SynonymForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ phrase: row?.phrase ?? '', terms: row?.terms.join(', ') ?? '' }}
      >
        <Form.Item
          label="Shoppers type"
          name="phrase"
          extra="A Swahili word or phrase, or a common misspelling: unga wa ngano, mcele."
          rules={[
            { required: true, whitespace: true, message: 'Please enter the word or phrase.' },
            { max: SEARCH_SYNONYM_LIMITS.textMax },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label="Catalogue terms"
          name="terms"
          extra={`Words from product, brand or category names, separated by commas (at most ${SEARCH_SYNONYM_LIMITS.termsMax}): wheat flour, baking flour.`}
          rules={[{ required: true, whitespace: true, message: 'Please enter at least one catalogue term.' }]}
        >
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /admin/synonyms: the search synonyms, filterable, with add, edit and delete. */
export default function SynonymsPage(): JSX.Element {
  const { modal, message } = App.useApp();
  const showErrors = useApiErrorToasts();
  const list = useSynonymsQuery();
  const [remove] = useDeleteSynonymMutation();
  const [editing, setEditing] = useState<{ row: SearchSynonym | null } | null>(null);
  const [filter, setFilter] = useState('');

  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const rows = list.data ?? [];
    return needle ? rows.filter((row) => row.phrase.includes(needle) || row.terms.some((term) => term.includes(needle))) : rows;
  }, [list.data, filter]);

  const confirmDelete = (row: SearchSynonym) =>
    modal.confirm({
      title: `Delete ${row.phrase}?`,
      content: 'Searches for it will look for the word itself only.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const answer = await remove(row.id).unwrap();
          void message.success(answer.message);
        } catch (error) {
          showErrors(error);
        }
      },
    });

  const columns: TableColumnsType<SearchSynonym> = [
    { title: 'Shoppers type', key: 'phrase', render: (_, row) => row.phrase },
    {
      title: 'Finds',
      key: 'terms',
      render: (_, row) => (
        <Space size={[0, 4]} wrap>
          {row.terms.map((term) => (
            <Tag key={term}>{term}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: 'Action',
      key: 'action',
      width: 110,
      render: (_, row) => (
        <RowActions
          label={row.phrase}
          actions={[
            { key: 'edit', label: 'Edit', onClick: () => setEditing({ row }) },
            { key: 'delete', label: 'Delete', danger: true, onClick: () => confirmDelete(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <Card
      title="Search Synonyms"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
          Add Synonym
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        What shoppers type in Swahili, or misspell, and the catalogue words it finds. The shop&apos;s search and the shopping assistant both
        use this table; a change is searched with at once.
      </Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder="Filter by word or term"
        aria-label="Filter synonyms"
        style={{ maxWidth: 320, marginBottom: 16 }}
        onChange={(event) => setFilter(event.target.value)}
      />
      {list.error ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<SearchSynonym>
          rowKey="id"
          columns={columns}
          dataSource={shown}
          loading={list.isFetching}
          pagination={shown.length > 25 ? { pageSize: 25, showSizeChanger: false } : false}
          scroll={{ x: true }}
          locale={{ emptyText: list.isLoading ? ' ' : <EmptyState description="No Synonyms" /> }}
        />
      )}
      {editing && <SynonymModal row={editing.row} onClose={() => setEditing(null)} />}
    </Card>
  );
}
