import { useState } from 'react';
import { ADMIN_MESSAGES, type CategoryReport } from '@shop/api-types';
import { useCategoryReportQuery } from '../api/adminApi';
import { BarChart, LineChart } from '../common/charts';
import { count, ksh, plainAmount } from '../common/format';
import { ALL_CATEGORY_IDS, defaultRange, sumByDate, toDaterange, type DateRange } from './reportData';
import {
  ChartRow,
  csvName,
  DateRangeFilter,
  FilterBar,
  IdsFilter,
  ReportBody,
  ReportCards,
  ReportTable,
  type ReportColumn,
} from './ReportParts';

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
  const data = report.data;
  const rows = data?.categories ?? [];

  return (
    <>
      <FilterBar>
        <DateRangeFilter value={range} onChange={setRange} />
        <IdsFilter
          label="Categories"
          placeholder="All categories"
          options={data?.all_categories ?? []}
          value={categoryIds}
          onChange={setCategoryIds}
        />
      </FilterBar>
      <ReportBody
        loading={report.isLoading}
        fetching={report.isFetching}
        error={report.error}
        empty={rows.length === 0}
        emptyMessage={ADMIN_MESSAGES.noCategoryData}
      >
        {data && (
          <>
            <ReportCards
              items={[
                { title: 'Orders', value: count(data.totals.orders) },
                { title: 'Net Sales', value: ksh(data.totals.net_sales) },
                { title: 'Items Sold', value: count(data.totals.items_sold) },
              ]}
            />
            <ChartRow
              charts={[
                {
                  title: 'Net Sales',
                  chart: <LineChart data={sumByDate(data.graph_data, 'net_sales')} xField="date" yField="value" title="Net sales" money />,
                },
                {
                  title: 'Sales per Category',
                  chart: (
                    <BarChart
                      data={rows.map((row) => ({ name: row.category_name, value: row.net_sales }))}
                      xField="name"
                      yField="value"
                      title="Net sales per category"
                      money
                    />
                  ),
                },
                {
                  title: 'Items Sold',
                  chart: <LineChart data={sumByDate(data.graph_data, 'items_sold')} xField="date" yField="value" title="Items sold" />,
                },
              ]}
            />
            <ReportTable
              title="Categories"
              columns={columns}
              rows={rows}
              rowKey={(row) => String(row.category_id)}
              filename={csvName('category', range)}
            />
          </>
        )}
      </ReportBody>
    </>
  );
}
