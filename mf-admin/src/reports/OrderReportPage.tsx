import { ADMIN_MESSAGES, type OrderReport } from '@shop/api-types';
import { useOrderReportQuery } from '../api/adminApi';
import { BarChart } from '../common/charts';
import { count, ksh, plainAmount } from '../common/format';
import { sumByName } from './reportData';
import { ReportPage, type ReportColumn, type ReportDefinition } from './ReportParts';

type OrderRow = OrderReport['orders'][number];

const columns: ReportColumn<OrderRow>[] = [
  { title: 'Order Number', key: 'number', render: (row) => row.order_number, csv: (row) => row.order_number },
  { title: 'Amount', key: 'amount', align: 'right', render: (row) => ksh(row.total_amount), csv: (row) => plainAmount(row.total_amount) },
  { title: 'Date', key: 'date', render: (row) => row.date, csv: (row) => row.date },
  { title: 'Status', key: 'status', render: (row) => row.status_name, csv: (row) => row.status_name },
  { title: 'Customer Name', key: 'customer', render: (row) => row.customer_name, csv: (row) => row.customer_name },
  { title: 'Products', key: 'products', align: 'right', render: (row) => count(row.items_count), csv: (row) => row.items_count },
  { title: 'Items Sold', key: 'items', align: 'right', render: (row) => count(row.items_sold), csv: (row) => row.items_sold },
];

const ORDER_REPORT: ReportDefinition<OrderReport, OrderRow> = {
  useReport: useOrderReportQuery,
  filters: [{ param: 'status_ids', label: 'Statuses', placeholder: 'All statuses', options: (data) => data.statuses }],
  rowsOf: (data) => data.orders,
  emptyMessage: ADMIN_MESSAGES.noStatusData,
  lastCard: 'average_order_value',
  middleChart: (data) => ({
    title: 'Sales per Status',
    chart: <BarChart data={sumByName(data.graph_data, 'status_name')} xField="name" yField="value" title="Net sales per status" money />,
  }),
  table: { title: 'Orders', name: 'order', columns, rowKey: (row) => row.order_number },
};

/**
 * /admin/reports/orders: orders over a date range, filtered by status. No status chosen counts every
 * status, unpaid Pending and Cancelled orders included (by the day placed).
 */
export default function OrderReportPage(): JSX.Element {
  return <ReportPage definition={ORDER_REPORT} />;
}
