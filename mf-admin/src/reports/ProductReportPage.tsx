import { useState } from 'react';
import type { ProductReport } from '@shop/api-types';
import { useProductReportQuery } from '../api/adminApi';
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

export const NO_PRODUCT_DATA = 'No data available for selected date range, categories and brands.';

type ProductRow = ProductReport['products'][number];

const columns: ReportColumn<ProductRow>[] = [
  { title: 'Product', key: 'product', render: (row) => row.product_name, csv: (row) => row.product_name },
  { title: 'Net Sales', key: 'net', align: 'right', render: (row) => ksh(row.net_sales), csv: (row) => plainAmount(row.net_sales) },
  { title: 'Items Sold', key: 'items', align: 'right', render: (row) => count(row.items_sold), csv: (row) => row.items_sold },
];

/** /admin/reports/products: sales per product, filtered by categories and brands. */
export default function ProductReportPage(): JSX.Element {
  const [range, setRange] = useState<DateRange>(defaultRange);
  const [categoryIds, setCategoryIds] = useState<number[]>([]);
  const [brandIds, setBrandIds] = useState<number[]>([]);
  const report = useProductReportQuery({ daterange: toDaterange(range), category_ids: categoryIds, brand_ids: brandIds });
  const data = report.data;
  const rows = data?.products ?? [];

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
        emptyMessage={NO_PRODUCT_DATA}
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
            <ReportTable
              title="Products"
              columns={columns}
              rows={rows}
              rowKey={(row) => String(row.product_id)}
              filename={csvName('product', range)}
            />
          </>
        )}
      </ReportBody>
    </>
  );
}
