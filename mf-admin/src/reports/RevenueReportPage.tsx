import type { RevenueReport } from '@shop/api-types';
import { useRevenueReportQuery } from '../api/adminApi';
import { count, ksh, plainAmount } from '../common/format';
import { categoryBrandReport, ReportPage, type ReportColumn } from './ReportParts';

export const NO_REVENUE_DATA = 'No data available for selected date range, categories and brands.';

type RevenueRow = RevenueReport['revenue_data'][number];

const columns: ReportColumn<RevenueRow>[] = [
  { title: 'Date', key: 'date', render: (row) => row.date, csv: (row) => row.date },
  { title: 'Orders', key: 'orders', align: 'right', render: (row) => count(row.orders), csv: (row) => row.orders },
  { title: 'Gross Sales', key: 'gross', align: 'right', render: (row) => ksh(row.gross_sales), csv: (row) => plainAmount(row.gross_sales) },
  { title: 'Net Sales', key: 'net', align: 'right', render: (row) => ksh(row.net_sales), csv: (row) => plainAmount(row.net_sales) },
  { title: 'Total Sales', key: 'total', align: 'right', render: (row) => ksh(row.total_sales), csv: (row) => plainAmount(row.total_sales) },
];

const REVENUE_REPORT = categoryBrandReport<RevenueReport, RevenueRow>({
  useReport: useRevenueReportQuery,
  rowsOf: (data) => data.revenue_data,
  emptyMessage: NO_REVENUE_DATA,
  lastCard: 'total_sales',
  // The day's net sales as the table shows them, so the chart and the rows agree.
  netSales: (data) => data.revenue_data.map((row) => ({ date: row.date, value: row.net_sales })),
  table: { title: 'Revenue', name: 'revenue', columns, rowKey: (row) => row.date },
});

/** /admin/reports/revenue: revenue per day (per month over more than a quarter), filtered by categories and brands. */
export default function RevenueReportPage(): JSX.Element {
  return <ReportPage definition={REVENUE_REPORT} />;
}
