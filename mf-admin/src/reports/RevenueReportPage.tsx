import type { RevenueReport } from '@shop/api-types';
import { useRevenueReportQuery } from '../api/adminApi';
import { count, ksh, plainAmount } from '../common/format';
import { categorySalesChart, itemsSoldChart, netSalesChart } from './charts';
import { sumByDate } from './reportData';
import { ReportPage, useCategoryBrandFilters, type ReportColumn } from './ReportParts';

export const NO_REVENUE_DATA = 'No data available for selected date range, categories and brands.';

type RevenueRow = RevenueReport['revenue_data'][number];

const columns: ReportColumn<RevenueRow>[] = [
  { title: 'Date', key: 'date', render: (row) => row.date, csv: (row) => row.date },
  { title: 'Orders', key: 'orders', align: 'right', render: (row) => count(row.orders), csv: (row) => row.orders },
  { title: 'Gross Sales', key: 'gross', align: 'right', render: (row) => ksh(row.gross_sales), csv: (row) => plainAmount(row.gross_sales) },
  { title: 'Net Sales', key: 'net', align: 'right', render: (row) => ksh(row.net_sales), csv: (row) => plainAmount(row.net_sales) },
  { title: 'Total Sales', key: 'total', align: 'right', render: (row) => ksh(row.total_sales), csv: (row) => plainAmount(row.total_sales) },
];

/** /admin/reports/revenue: revenue per day, filtered by categories and brands. */
export default function RevenueReportPage(): JSX.Element {
  const { range, setRange, query, filters } = useCategoryBrandFilters();
  const report = useRevenueReportQuery(query);
  return (
    <ReportPage
      range={range}
      onRangeChange={setRange}
      filters={filters(report.data)}
      report={report}
      rowsOf={(data) => data.revenue_data}
      emptyMessage={NO_REVENUE_DATA}
      cards={(data) => [
        { title: 'Orders', value: count(data.totals.orders) },
        { title: 'Net Sales', value: ksh(data.totals.net_sales) },
        { title: 'Total Sales', value: ksh(data.totals.total_sales) },
      ]}
      charts={(data) => [
        netSalesChart(data.revenue_data.map((row) => ({ date: row.date, value: row.net_sales }))),
        categorySalesChart(data.category_sales),
        itemsSoldChart(sumByDate(data.graph_data, 'items_sold')),
      ]}
      table={{ title: 'Revenue', name: 'revenue', columns, rowKey: (row) => row.date }}
    />
  );
}
