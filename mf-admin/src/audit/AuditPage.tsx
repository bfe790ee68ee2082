import { useState } from 'react';
import { Card, Segmented, Table, Tag, type TableColumnsType } from 'antd';
import type { AuditEntry } from '@shop/api-types';
import { AUDIT_AREAS, useAuditQuery, type AuditArea } from '../api/adminApi';
import { formatDateTime } from '../common/format';
import { Pager } from '../common/Pager';
import { EmptyState, LoadError } from '../common/states';

const AREA_LABELS: Record<AuditArea, string> = { catalog: 'Catalogue', customers: 'Accounts', orders: 'Orders and coupons' };

const columns: TableColumnsType<AuditEntry> = [
  { title: 'When', key: 'when', render: (_, entry) => formatDateTime(entry.created_at) },
  { title: 'Who', key: 'who', render: (_, entry) => entry.actor.name },
  { title: 'Action', key: 'action', render: (_, entry) => <Tag>{entry.action}</Tag> },
  { title: 'Summary', key: 'summary', render: (_, entry) => entry.summary },
];

/** /admin/audit: who changed what and when; each service keeps its own log (GET /api/admin/audit/{area}). */
export default function AuditPage(): JSX.Element {
  const [area, setArea] = useState<AuditArea>('catalog');
  const [page, setPage] = useState(1);
  const audit = useAuditQuery({ area, page });
  return (
    <Card
      title="Audit log"
      extra={
        <Segmented<AuditArea>
          value={area}
          onChange={(value) => {
            setArea(value);
            setPage(1);
          }}
          options={AUDIT_AREAS.map((value) => ({ value, label: AREA_LABELS[value] }))}
        />
      }
    >
      {audit.error ? (
        <LoadError error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <>
          <Table<AuditEntry>
            rowKey="id"
            columns={columns}
            dataSource={audit.data?.data ?? []}
            loading={audit.isFetching}
            pagination={false}
            scroll={{ x: true }}
            locale={{ emptyText: audit.isLoading ? ' ' : <EmptyState description="Nothing recorded yet." /> }}
          />
          {audit.data && (
            <Pager page={audit.data.current_page} lastPage={audit.data.last_page} onChange={setPage} disabled={audit.isFetching} />
          )}
        </>
      )}
    </Card>
  );
}
