import { useState } from 'react';
import { App, Button, Card, DatePicker, Flex, Input, Select, Table, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { Link, useNavigate } from 'react-router-dom';
import { nairobiToday, type AdminOrder } from '@shop/api-types';
import { useOrdersQuery, useOrderStatusesQuery } from '../api/adminApi';
import { useAdminDispatch, useAdminSelector } from '../api/hooks';
import { DATE_FORMAT, formatDate } from '../common/format';
import { Pager } from '../common/Pager';
import { RowActions } from '../common/RowActions';
import { EmptyState, LoadError } from '../common/states';
import { PaidTag, StatusTag } from '../common/StatusTag';
import { useDebounced } from '../common/useDebounced';
import { selectAdminSignedIn, signOutAdmin } from '../session/adminSession';
import { ExportError, exportOrdersCsv } from './exportOrders';
import { Money } from '../common/Nowrap';

/** /admin/orders: 15 a page with Prev / Next, filters, and the filtered list as CSV. */
export default function OrdersPage(): JSX.Element {
  const navigate = useNavigate();
  const dispatch = useAdminDispatch();
  const { message } = App.useApp();
  const signedIn = useAdminSelector(selectAdminSignedIn);
  const [page, setPage] = useState(1);
  const [statusIds, setStatusIds] = useState<number[]>([]);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [exporting, setExporting] = useState(false);
  const filters = { status_ids: statusIds, from: range?.[0].format(DATE_FORMAT), to: range?.[1].format(DATE_FORMAT), q };
  const orders = useOrdersQuery({ page, ...filters });
  const statuses = useOrderStatusesQuery();
  const list = orders.data?.orders;

  // A new filter starts again from page 1.
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const exportCsv = async () => {
    if (!signedIn) return;
    setExporting(true);
    try {
      await exportOrdersCsv(filters, `orders-${nairobiToday()}.csv`);
    } catch (error) {
      const status = error instanceof ExportError ? error.status : 0;
      if (status === 401 || status === 403) dispatch(signOutAdmin(status === 401 ? 'expired' : 'forbidden'));
      else void message.error('The export could not be made. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<AdminOrder> = [
    { title: 'Order Number', key: 'number', render: (_, order) => <Link to={`/admin/orders/${order.id}`}>{order.order_number}</Link> },
    { title: 'Customer', key: 'customer', render: (_, order) => `${order.customer.first_name} ${order.customer.last_name}` },
    { title: 'Products', key: 'products', align: 'right', render: (_, order) => order.products_count },
    { title: 'Amount', key: 'amount', align: 'right', render: (_, order) => <Money amount={order.total_amount} /> },
    { title: 'Date Ordered', key: 'date', render: (_, order) => formatDate(order.date) },
    { title: 'Status', key: 'status', render: (_, order) => <StatusTag status={order.status} /> },
    { title: 'Payment', key: 'payment', render: (_, order) => <PaidTag paid={order.is_paid} refundDue={order.refund_due !== null} /> },
    {
      title: 'Action',
      key: 'action',
      width: 110,
      render: (_, order) => (
        <RowActions
          label={order.order_number}
          actions={[{ key: 'view', label: 'View', onClick: () => navigate(`/admin/orders/${order.id}`) }]}
        />
      ),
    },
  ];

  return (
    <Card>
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <Input.Search
            placeholder="Order number"
            aria-label="Search orders"
            allowClear
            value={search}
            onChange={(event) => refilter(setSearch)(event.target.value)}
            style={{ width: 200 }}
          />
          <Select<number[]>
            aria-label="Status"
            mode="multiple"
            allowClear
            placeholder="All statuses"
            value={statusIds}
            onChange={refilter(setStatusIds)}
            style={{ minWidth: 220 }}
            options={(statuses.data ?? []).map((status) => ({ value: status.id, label: status.name }))}
          />
          <DatePicker.RangePicker
            aria-label="Ordered between"
            format={DATE_FORMAT}
            value={range}
            onChange={(dates) => refilter(setRange)(dates && dates[0] && dates[1] ? [dates[0], dates[1]] : null)}
          />
        </Flex>
        <Button icon={<DownloadOutlined />} onClick={() => void exportCsv()} loading={exporting} disabled={!list || list.total === 0}>
          Export CSV
        </Button>
      </Flex>
      {orders.error ? (
        <LoadError error={orders.error} onRetry={() => void orders.refetch()} />
      ) : (
        <>
          <Table<AdminOrder>
            rowKey="id"
            columns={columns}
            dataSource={list?.data ?? []}
            loading={orders.isFetching}
            pagination={false}
            scroll={{ x: true }}
            locale={{ emptyText: orders.isLoading ? ' ' : <EmptyState description="No Orders" /> }}
          />
          {list && <Pager page={list.current_page} lastPage={list.last_page} onChange={setPage} disabled={orders.isFetching} />}
        </>
      )}
    </Card>
  );
}
