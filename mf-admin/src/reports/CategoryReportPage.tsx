import { useState } from 'react';
import { ADMIN_MESSAGES, type CategoryReport } from '@shop/api-types';
import { useCategoryReportQuery } from '../api/adminApi';
import { count, ksh, plainAmount } from '../common/format';
import { categorySalesChart, itemsSoldChart, netSalesChart } from './charts';
import { ALL_CATEGORY_IDS, defaultRange, sumByDate, toDaterange, type DateRange } from './reportData';
import { IdsFilter, ReportPage, type ReportColumn } from './ReportParts';

type CategoryRow = CategoryReport['categories'][number];

const columns: ReportColumn<CategoryRow>[] = [
  { title: 'Category', key: 'category', render: (row) => row.category_name, csv: (row) => row.category_name },
  { title: 'Net Sales', key: 'net', align: 'right', render: (row) => ksh(row.net_sales), csv: (row) => plainAmount(row.net_sales) },
  { title: 'Items Sold', key: 'items', align: 'right', render: (row) => count(row.items_sold), csv: (row) => row.items_sold },
];

/** /admin/reports/category: sales per category over a date range. */
export default function CategoryReportPage(): JSX.Element {
  const [range, setRange] = useState<DateRange>(defaultRange);
  const [categoryIds, setCategoryIds] = useState<number[]>(ALL_CATEGORY_IDS);
  const report = useCategoryReportQuery({ daterange: toDaterange(range), category_ids: categoryIds });
  return (
    <ReportPage
      range={range}
      onRangeChange={setRange}
      filters={
        <IdsFilter
          label="Categories"
          placeholder="All categories"
          options={report.data?.all_categories ?? []}
          value={categoryIds}
          onChange={setCategoryIds}
        />
      }
      report={report}
      rowsOf={(data) => data.categories}
      emptyMessage={ADMIN_MESSAGES.noCategoryData}
      cards={(data) => [
        { title: 'Orders', value: count(data.totals.orders) },
        { title: 'Net Sales', value: ksh(data.totals.net_sales) },
        { title: 'Items Sold', value: count(data.totals.items_sold) },
      ]}
      charts={(data) => [
        netSalesChart(sumByDate(data.graph_data, 'net_sales')),
        categorySalesChart(data.categories),
        itemsSoldChart(sumByDate(data.graph_data, 'items_sold')),
      ]}
      table={{ title: 'Categories', name: 'category', columns, rowKey: (row) => String(row.category_id) }}
    />
  );
}
