import type { ProductReport } from '@shop/api-types';
import { useProductReportQuery } from '../api/adminApi';
import { count, ksh, plainAmount } from '../common/format';
import { categorySalesChart, itemsSoldChart, netSalesChart } from './charts';
import { sumByDate } from './reportData';
import { ReportPage, useCategoryBrandFilters, type ReportColumn } from './ReportParts';

export const NO_PRODUCT_DATA = 'No data available for selected date range, categories and brands.';

type ProductRow = ProductReport['products'][number];

const columns: ReportColumn<ProductRow>[] = [
  { title: 'Product', key: 'product', render: (row) => row.product_name, csv: (row) => row.product_name },
  { title: 'Net Sales', key: 'net', align: 'right', render: (row) => ksh(row.net_sales), csv: (row) => plainAmount(row.net_sales) },
  { title: 'Items Sold', key: 'items', align: 'right', render: (row) => count(row.items_sold), csv: (row) => row.items_sold },
];

/** /admin/reports/products: sales per product, filtered by categories and brands. */
export default function ProductReportPage(): JSX.Element {
  const { range, setRange, query, filters } = useCategoryBrandFilters();
  const report = useProductReportQuery(query);
  return (
    <ReportPage
      range={range}
      onRangeChange={setRange}
      filters={filters(report.data)}
      report={report}
      rowsOf={(data) => data.products}
      emptyMessage={NO_PRODUCT_DATA}
      cards={(data) => [
        { title: 'Orders', value: count(data.totals.orders) },
        { title: 'Net Sales', value: ksh(data.totals.net_sales) },
        { title: 'Items Sold', value: count(data.totals.items_sold) },
      ]}
      charts={(data) => [
        netSalesChart(sumByDate(data.graph_data, 'net_sales')),
        categorySalesChart(data.category_sales),
        itemsSoldChart(sumByDate(data.graph_data, 'items_sold')),
      ]}
      table={{ title: 'Products', name: 'product', columns, rowKey: (row) => String(row.product_id) }}
    />
  );
}
