import { useState } from 'react';
import type { RevenueReport } from '@shop/api-types';
import { useRevenueReportQuery } from '../api/adminApi';
import { BarChart, LineChart } from '../common/charts';
import { count, ksh, plainAmount } from '../common/format';
import { defaultRange, sumByDate, sumByName, toDaterange, type DateRange } from './reportData';
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
  const [range, setRange] = useState<DateRange>(defaultRange);
  const [categoryIds, setCategoryIds] = useState<number[]>([]);
  const [brandIds, setBrandIds] = useState<number[]>([]);
  const report = useRevenueReportQuery({ daterange: toDaterange(range), category_ids: categoryIds, brand_ids: brandIds });
  const data = report.data;
  const rows = data?.revenue_data ?? [];

  return (
    <>
      <FilterBar>
        <DateRangeFilter value={range} onChange={setRange} />
        <IdsFilter
          label="Categories"
          placeholder="All categories"
          options={data?.categories ?? []}
          value={categoryIds}
          onChange={setCategoryIds}
        />
        <IdsFilter label="Brands" placeholder="All brands" options={data?.brands ?? []} value={brandIds} onChange={setBrandIds} />
      </FilterBar>
      <ReportBody
        loading={report.isLoading}
        fetching={report.isFetching}
        error={report.error}
        empty={rows.length === 0}
        emptyMessage={NO_REVENUE_DATA}
      >
        {data && (
          <>
            <ReportCards
              items={[
                { title: 'Orders', value: count(data.totals.orders) },
                { title: 'Net Sales', value: ksh(data.totals.net_sales) },
                { title: 'Total Sales', value: ksh(data.totals.total_sales) },
              ]}
            />
            <ChartRow
              charts={[
                {
                  title: 'Net Sales',
                  chart: (
                    <LineChart
                      data={rows.map((row) => ({ date: row.date, value: row.net_sales }))}
                      xField="date"
                      yField="value"
                      title="Net sales"
                      money
                    />
                  ),
                },
                {
                  title: 'Sales per Category',
                  chart: (
                    <BarChart
                      data={sumByName(data.graph_data, 'category_name')}
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
            <ReportTable title="Revenue" columns={columns} rows={rows} rowKey={(row) => row.date} filename={csvName('revenue', range)} />
          </>
        )}
      </ReportBody>
    </>
  );
}
