import type { ProductReport } from '@shop/api-types';
import { useProductReportQuery } from '../api/adminApi';
import { count, ksh, plainAmount } from '../common/format';
import { categoryBrandReport, ReportPage, type ReportColumn } from './ReportParts';

export const NO_PRODUCT_DATA = 'No data available for selected date range, categories and brands.';

type ProductRow = ProductReport['products'][number];

const columns: ReportColumn<ProductRow>[] = [
  { title: 'Product', key: 'product', render: (row) => row.product_name, csv: (row) => row.product_name },
  { title: 'Net Sales', key: 'net', align: 'right', render: (row) => ksh(row.net_sales), csv: (row) => plainAmount(row.net_sales) },
  { title: 'Items Sold', key: 'items', align: 'right', render: (row) => count(row.items_sold), csv: (row) => row.items_sold },
];

const PRODUCT_REPORT = categoryBrandReport<ProductReport, ProductRow>({
  useReport: useProductReportQuery,
  rowsOf: (data) => data.products,
  emptyMessage: NO_PRODUCT_DATA,
  lastCard: 'items_sold',
  table: { title: 'Products', name: 'product', columns, rowKey: (row) => String(row.product_id) },
});

/** /admin/reports/products: sales per product, filtered by categories and brands. */
export default function ProductReportPage(): JSX.Element {
  return <ReportPage definition={PRODUCT_REPORT} />;
}
