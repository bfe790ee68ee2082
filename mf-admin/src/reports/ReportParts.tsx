import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, DatePicker, Flex, Form, Row, Select, Spin, Statistic, Table, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { CategorySales, ReportGraphRow, ReportTotals } from '@shop/api-types';
import type { ReportArgs } from '../api/adminApi';
import { downloadCsv, type CsvCell } from '../common/csv';
import { count, DATE_FORMAT, ksh } from '../common/format';
import { NO_WRAP } from '../common/Nowrap';
import { categorySalesChart, itemsSoldChart, netSalesChart } from './charts';
import { defaultRange, nairobiToday, sumByDate, toDaterange, type DateRange, type DatePoint } from './reportData';

/** The range picker of every report: YYYY-MM-DD, both ends required, no future days, start ≤ end. */
export function DateRangeFilter({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }): JSX.Element {
  return (
    <Form.Item label="Date range" style={{ marginBottom: 0 }}>
      <DatePicker.RangePicker
        aria-label="Date range"
        format={DATE_FORMAT}
        value={value}
        allowClear={false}
        // antd's picker keeps start ≤ end itself; days after today have no sales yet.
        disabledDate={(day) => day.isAfter(nairobiToday(), 'day')}
        onChange={(dates) => {
          const [start, end] = dates ?? [];
          if (start && end && start.isValid() && end.isValid() && !start.isAfter(end, 'day'))
            onChange([start.startOf('day'), end.startOf('day')]);
        }}
      />
    </Form.Item>
  );
}

export interface Option {
  id: number;
  name: string;
}

/** A multi-select of ids (categories, brands, statuses); nothing selected means all. */
export function IdsFilter({
  label,
  options,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  options: Option[];
  value: number[];
  onChange: (ids: number[]) => void;
  placeholder: string;
}): JSX.Element {
  // Preselected ids show as names once the report has brought the list.
  return (
    <Form.Item label={label} style={{ marginBottom: 0, minWidth: 260, flex: 1 }}>
      <Select
        aria-label={label}
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        placeholder={placeholder}
        loading={options.length === 0}
        value={value}
        onChange={(ids: number[]) => onChange(ids)}
        options={options.map((option) => ({ value: option.id, label: option.name }))}
        optionFilterProp="label"
      />
    </Form.Item>
  );
}

export function FilterBar({ children }: { children: ReactNode }): JSX.Element {
  return (
    <Card style={{ marginBottom: 16 }}>
      <Form layout="vertical" component="div">
        <Flex gap={16} wrap align="end">
          {children}
        </Flex>
      </Form>
    </Card>
  );
}

export function ReportCards({ items }: { items: Array<{ title: string; value: string }> }): JSX.Element {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {items.map((item) => (
        <Col key={item.title} xs={24} md={8}>
          <Card>
            <Statistic title={item.title} value={item.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** A report table column: how it shows and what the CSV export writes for it. */
export interface ReportColumn<T> {
  title: string;
  key: string;
  render: (row: T) => ReactNode;
  csv: (row: T) => CsvCell;
  align?: 'left' | 'right';
}

/** The table and its 'Export CSV' button, which downloads exactly these rows and columns. */
export function ReportTable<T>({
  title,
  columns,
  rows,
  rowKey,
  filename,
}: {
  title: string;
  columns: ReportColumn<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
  filename: string;
}): JSX.Element {
  const tableColumns: TableColumnsType<T> = columns.map((column) => ({
    title: column.title,
    key: column.key,
    align: column.align,
    // Figures (right-aligned) stay on one line: "KSh 135.00" never breaks inside.
    onCell: column.align === 'right' ? () => ({ style: NO_WRAP }) : undefined,
    render: (_: unknown, row: T) => column.render(row),
  }));
  const exportCsv = () =>
    downloadCsv(
      filename,
      columns.map((column) => column.title),
      rows.map((row) => columns.map((column) => column.csv(row))),
    );
  return (
    <Card
      title={title}
      extra={
        <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={rows.length === 0}>
          Export CSV
        </Button>
      }
    >
      <Table<T>
        columns={tableColumns}
        dataSource={rows}
        rowKey={(row) => rowKey(row, rows.indexOf(row))}
        pagination={rows.length > 15 ? { pageSize: 15, showSizeChanger: false } : false}
        scroll={{ x: true }}
        size="middle"
      />
    </Card>
  );
}

/** A chart in its card, under its title. */
export interface ChartCard {
  title: string;
  chart: ReactNode;
}

/** Chart cards in a row. */
export function ChartRow({ charts }: { charts: ChartCard[] }): JSX.Element {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {charts.map((item) => (
        <Col key={item.title} xs={24} lg={charts.length >= 3 ? 8 : 12}>
          <Card title={item.title}>{item.chart}</Card>
        </Col>
      ))}
    </Row>
  );
}

/** The report body: a spinner while (re)loading, the error, the empty message, or the content. */
export function ReportBody({
  loading,
  fetching,
  error,
  empty,
  emptyMessage,
  children,
}: {
  loading: boolean;
  fetching: boolean;
  error: unknown;
  empty: boolean;
  emptyMessage: string;
  children: ReactNode;
}): JSX.Element {
  if (loading)
    return (
      <Flex justify="center" style={{ padding: 48 }} role="status" aria-label="Loading report">
        <Spin size="large" />
      </Flex>
    );
  if (error) return <Alert type="error" showIcon title="The report could not be loaded. Please try again." />;
  return (
    <Spin spinning={fetching} aria-label={fetching ? 'Updating report' : undefined}>
      {empty ? <Alert type="info" showIcon title={emptyMessage} /> : children}
    </Spin>
  );
}

export const csvName = (report: string, range: DateRange): string => `${report}-report-${toDaterange(range).replace(' - ', '-to-')}.csv`;

/** A report query's state, as RTK Query hands it over. */
export interface ReportQueryState<Data> {
  data?: Data;
  isLoading: boolean;
  isFetching: boolean;
  error?: unknown;
}

/** A multi-select of a report: the query parameter it fills, its label, and where the report lists its choices. */
export interface IdsFilterSpec<Data> {
  param: 'category_ids' | 'brand_ids' | 'status_ids';
  label: string;
  placeholder: string;
  options: (data: Data) => Option[];
  /** Ids chosen when the page opens; none (all) by default. */
  initial?: number[];
}

/** The categories select; the category report lists its choices as `all_categories`, the others as `categories`. */
export const categoriesFilter = <Data,>(options: (data: Data) => Option[], initial?: number[]): IdsFilterSpec<Data> => ({
  param: 'category_ids',
  label: 'Categories',
  placeholder: 'All categories',
  options,
  initial,
});

/** What every report answers: its totals (the cards) and its figures per day, or per month over more than a quarter (the charts). */
interface ReportData {
  totals: ReportTotals;
  graph_data: ReportGraphRow[];
}

/** The cards a report may show, by the total they read. */
const TOTAL_CARDS: Record<keyof ReportTotals, { title: string; value: (totals: ReportTotals) => string }> = {
  orders: { title: 'Orders', value: (totals) => count(totals.orders) },
  net_sales: { title: 'Net Sales', value: (totals) => ksh(totals.net_sales) },
  items_sold: { title: 'Items Sold', value: (totals) => count(totals.items_sold) },
  total_sales: { title: 'Total Sales', value: (totals) => ksh(totals.total_sales) },
  average_order_value: { title: 'Average Order Value', value: (totals) => ksh(totals.average_order_value) },
};

/** What one report page states: its query, filters, rows, third card, middle chart and table. */
export interface ReportDefinition<Data extends ReportData, Row> {
  useReport: (args: ReportArgs) => ReportQueryState<Data>;
  filters: Array<IdsFilterSpec<Data>>;
  rowsOf: (data: Data) => Row[];
  emptyMessage: string;
  /** The card after Orders and Net Sales. */
  lastCard: 'items_sold' | 'total_sales' | 'average_order_value';
  /** The chart between Net Sales and Items Sold. */
  middleChart: (data: Data) => ChartCard;
  /** Net sales per day (per month over more than a quarter); by default summed from graph_data. */
  netSales?: (data: Data) => DatePoint[];
  /** `name` names the CSV file: '<name>-report-<from>-to-<to>.csv'. */
  table: { title: string; name: string; columns: ReportColumn<Row>[]; rowKey: (row: Row) => string };
}

/** What the reports read by category and brand (products, revenue) answer besides their rows. */
interface CategoryBrandData extends ReportData {
  categories: Option[];
  brands: Option[];
  category_sales: CategorySales[];
}

/** A report read by category and brand: its two selects and its sales-per-category chart come with it. */
export function categoryBrandReport<Data extends CategoryBrandData, Row>(
  definition: Omit<ReportDefinition<Data, Row>, 'filters' | 'middleChart'>,
): ReportDefinition<Data, Row> {
  return {
    ...definition,
    filters: [
      categoriesFilter((data) => data.categories),
      { param: 'brand_ids', label: 'Brands', placeholder: 'All brands', options: (data) => data.brands },
    ],
    middleChart: (data) => categorySalesChart(data.category_sales),
  };
}

/**
 * One report page: the filter bar (date range first, then the report's own selects), and once the
 * report is in, its three cards (Orders, Net Sales and its own), its three charts (Net Sales, its
 * own, Items Sold) and its table with the CSV export; a spinner, the error or the empty message
 * otherwise. The four report pages differ only in their definitions.
 */
export function ReportPage<Data extends ReportData, Row>({ definition }: { definition: ReportDefinition<Data, Row> }): JSX.Element {
  const { filters, table } = definition;
  const [range, setRange] = useState<DateRange>(defaultRange);
  const [chosen, setChosen] = useState<Partial<Record<IdsFilterSpec<Data>['param'], number[]>>>(() =>
    Object.fromEntries(filters.map((filter) => [filter.param, filter.initial ?? []])),
  );
  const report = definition.useReport({ daterange: toDaterange(range), ...chosen });
  const { data } = report;
  const rows = data ? definition.rowsOf(data) : [];
  return (
    <>
      <FilterBar>
        <DateRangeFilter value={range} onChange={setRange} />
        {filters.map((filter) => (
          <IdsFilter
            key={filter.param}
            label={filter.label}
            placeholder={filter.placeholder}
            options={data ? filter.options(data) : []}
            value={chosen[filter.param] ?? []}
            onChange={(ids) => setChosen((before) => ({ ...before, [filter.param]: ids }))}
          />
        ))}
      </FilterBar>
      <ReportBody
        loading={report.isLoading}
        fetching={report.isFetching}
        error={report.error}
        empty={rows.length === 0}
        emptyMessage={definition.emptyMessage}
      >
        {data && (
          <>
            <ReportCards
              items={(['orders', 'net_sales', definition.lastCard] as const).map((key) => ({
                title: TOTAL_CARDS[key].title,
                value: TOTAL_CARDS[key].value(data.totals),
              }))}
            />
            <ChartRow
              charts={[
                netSalesChart(definition.netSales ? definition.netSales(data) : sumByDate(data.graph_data, 'net_sales')),
                definition.middleChart(data),
                itemsSoldChart(sumByDate(data.graph_data, 'items_sold')),
              ]}
            />
            <ReportTable
              title={table.title}
              columns={table.columns}
              rows={rows}
              rowKey={table.rowKey}
              filename={csvName(table.name, range)}
            />
          </>
        )}
      </ReportBody>
    </>
  );
}
