import { useState } from 'react';
import { ADMIN_MESSAGES, type OrderReport } from '@shop/api-types';
import { useOrderReportQuery } from '../api/adminApi';
import { BarChart } from '../common/charts';
import { count, ksh, plainAmount } from '../common/format';
import { itemsSoldChart, netSalesChart } from './charts';
import { defaultRange, sumByDate, sumByName, toDaterange, type DateRange } from './reportData';
import { IdsFilter, ReportPage, type ReportColumn } from './ReportParts';

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

/**
 * /admin/reports/orders: orders over a date range, filtered by status. No status chosen counts every
 * status, unpaid Pending and Cancelled orders included (by the day placed).
 */
export default function OrderReportPage(): JSX.Element {
  const [range, setRange] = useState<DateRange>(defaultRange);
  const [statusIds, setStatusIds] = useState<number[]>([]);
  const report = useOrderReportQuery({ daterange: toDaterange(range), status_ids: statusIds });
  return (
    <ReportPage
      range={range}
      onRangeChange={setRange}
      filters={
        <IdsFilter
          label="Statuses"
          placeholder="All statuses"
          options={report.data?.statuses ?? []}
          value={statusIds}
          onChange={setStatusIds}
        />
      }
      report={report}
      rowsOf={(data) => data.orders}
      emptyMessage={ADMIN_MESSAGES.noStatusData}
      cards={(data) => [
        { title: 'Orders', value: count(data.totals.orders) },
        { title: 'Net Sales', value: ksh(data.totals.net_sales) },
        { title: 'Average Order Value', value: ksh(data.totals.average_order_value) },
      ]}
      charts={(data) => [
        netSalesChart(sumByDate(data.graph_data, 'net_sales')),
        {
          title: 'Sales per Status',
          chart: (
            <BarChart data={sumByName(data.graph_data, 'status_name')} xField="name" yField="value" title="Net sales per status" money />
          ),
        },
        itemsSoldChart(sumByDate(data.graph_data, 'items_sold')),
      ]}
      table={{ title: 'Orders', name: 'order', columns, rowKey: (row) => row.order_number }}
    />
  );
}
