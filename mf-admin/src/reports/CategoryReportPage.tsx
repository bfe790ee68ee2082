import { ADMIN_MESSAGES, type CategoryReport } from '@shop/api-types';
import { useCategoryReportQuery } from '../api/adminApi';
import { count, ksh, plainAmount } from '../common/format';
import { categorySalesChart } from './charts';
import { ALL_CATEGORY_IDS } from './reportData';
import { categoriesFilter, ReportPage, type ReportColumn, type ReportDefinition } from './ReportParts';

type CategoryRow = CategoryReport['categories'][number];

const columns: ReportColumn<CategoryRow>[] = [
  { title: 'Category', key: 'category', render: (row) => row.category_name, csv: (row) => row.category_name },
  { title: 'Net Sales', key: 'net', align: 'right', render: (row) => ksh(row.net_sales), csv: (row) => plainAmount(row.net_sales) },
  { title: 'Items Sold', key: 'items', align: 'right', render: (row) => count(row.items_sold), csv: (row) => row.items_sold },
];

const CATEGORY_REPORT: ReportDefinition<CategoryReport, CategoryRow> = {
  useReport: useCategoryReportQuery,
  filters: [categoriesFilter((data) => data.all_categories, ALL_CATEGORY_IDS)],
  rowsOf: (data) => data.categories,
  emptyMessage: ADMIN_MESSAGES.noCategoryData,
  lastCard: 'items_sold',
  middleChart: (data) => categorySalesChart(data.categories),
  table: { title: 'Categories', name: 'category', columns, rowKey: (row) => String(row.category_id) },
};

/** /admin/reports/category: sales per category over a date range, all eight categories chosen at first. */
export default function CategoryReportPage(): JSX.Element {
  return <ReportPage definition={CATEGORY_REPORT} />;
}
