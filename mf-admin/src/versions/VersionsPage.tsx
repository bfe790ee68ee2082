import { Button, Card, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { LiveRemoteVersion, LiveServiceVersion } from '@shop/api-types';
import { useVersionsQuery } from '../api/adminApi';
import { formatDateTime } from '../common/format';
import { LoadError } from '../common/states';

function Health({ status }: { status: 'ok' | 'unreachable' }): JSX.Element {
  return status === 'ok' ? <Tag color="green">Healthy</Tag> : <Tag color="red">Unreachable</Tag>;
}

const versionText = (version: string | null): string => version ?? 'unknown';

const serviceColumns: TableColumnsType<LiveServiceVersion> = [
  { title: 'Service', key: 'service', render: (_, row) => row.service },
  { title: 'Area', key: 'area', render: (_, row) => row.area },
  { title: 'Version', key: 'version', render: (_, row) => <Typography.Text code>{versionText(row.version)}</Typography.Text> },
  { title: 'Health', key: 'health', render: (_, row) => <Health status={row.status} /> },
  { title: 'Instance', key: 'instance', render: (_, row) => (row.instance === 'self' ? 'this gateway' : row.instance) },
];

const remoteColumns: TableColumnsType<LiveRemoteVersion> = [
  { title: 'Remote', key: 'name', render: (_, row) => row.name },
  { title: 'Version', key: 'version', render: (_, row) => <Typography.Text code>{versionText(row.version)}</Typography.Text> },
  { title: 'Health', key: 'health', render: (_, row) => <Health status={row.status} /> },
  { title: 'Manifest', key: 'entry', render: (_, row) => row.entry },
];

/**
 * /admin/versions: the release of every area that is live right now (each service instance's
 * /healthz and each remote's manifest, asked by the gateway when the page opens), so staff can tell
 * what a team has shipped and whether it answers.
 */
export default function VersionsPage(): JSX.Element {
  const versions = useVersionsQuery();
  const checked = versions.data ? `Checked ${formatDateTime(versions.data.checked_at)}` : '';
  const again = (
    <Flex gap={12} align="center">
      <Typography.Text type="secondary">{checked}</Typography.Text>
      <Button icon={<ReloadOutlined />} onClick={() => void versions.refetch()} loading={versions.isFetching}>
        Check again
      </Button>
    </Flex>
  );
  if (versions.error) return <LoadError error={versions.error} onRetry={() => void versions.refetch()} />;
  return (
    <Flex vertical gap={16}>
      <Card title="Services" extra={again}>
        <Table<LiveServiceVersion>
          rowKey={(row) => `${row.service} ${row.instance}`}
          columns={serviceColumns}
          dataSource={versions.data?.services ?? []}
          loading={versions.isFetching}
          pagination={false}
          scroll={{ x: true }}
        />
      </Card>
      <Card title="Storefront and back-office remotes">
        <Table<LiveRemoteVersion>
          rowKey="name"
          columns={remoteColumns}
          dataSource={versions.data?.remotes ?? []}
          loading={versions.isFetching}
          pagination={false}
          scroll={{ x: true }}
        />
      </Card>
    </Flex>
  );
}
