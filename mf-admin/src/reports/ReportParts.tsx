import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, DatePicker, Flex, Form, Row, Select, Spin, Statistic, Table, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { downloadCsv, type CsvCell } from '../common/csv';
import { DATE_FORMAT } from '../common/format';
import { defaultRange, nairobiToday, toDaterange, type DateRange } from './reportData';
import { NO_WRAP } from '../common/Nowrap';

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

/** Chart cards in a row. */
export function ChartRow({ charts }: { charts: Array<{ title: string; chart: ReactNode }> }): JSX.Element {
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

/**
 * One report page: the filter bar (date range first, then the report's own filters), and once the
 * report is in, its three cards, its charts and its table with the CSV export; a spinner, the error
 * or the empty message otherwise. The four report pages differ only in what they pass here.
 */
export function ReportPage<Data, Row>({
  range,
  onRangeChange,
  filters,
  report,
  rowsOf,
  emptyMessage,
  cards,
  charts,
  table,
}: {
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
  filters?: ReactNode;
  report: ReportQueryState<Data>;
  rowsOf: (data: Data) => Row[];
  emptyMessage: string;
  cards: (data: Data) => Array<{ title: string; value: string }>;
  charts: (data: Data) => Array<{ title: string; chart: ReactNode }>;
  /** `name` names the CSV file: '<name>-report-<from>-to-<to>.csv'. */
  table: { title: string; name: string; columns: ReportColumn<Row>[]; rowKey: (row: Row) => string };
}): JSX.Element {
  const { data } = report;
  const rows = data ? rowsOf(data) : [];
  return (
    <>
      <FilterBar>
        <DateRangeFilter value={range} onChange={onRangeChange} />
        {filters}
      </FilterBar>
      <ReportBody
        loading={report.isLoading}
        fetching={report.isFetching}
        error={report.error}
        empty={rows.length === 0}
        emptyMessage={emptyMessage}
      >
        {data && (
          <>
            <ReportCards items={cards(data)} />
            <ChartRow charts={charts(data)} />
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

/**
 * The filters of the reports that read by category and brand (products, revenue): a range, the
 * categories and the brands chosen, the query arguments they make, and their two selects.
 */
export function useCategoryBrandFilters(): {
  range: DateRange;
  setRange: (range: DateRange) => void;
  query: { daterange: string; category_ids: number[]; brand_ids: number[] };
  filters: (lists: { categories?: Option[]; brands?: Option[] } | undefined) => ReactNode;
} {
  const [range, setRange] = useState<DateRange>(defaultRange);
  const [categoryIds, setCategoryIds] = useState<number[]>([]);
  const [brandIds, setBrandIds] = useState<number[]>([]);
  return {
    range,
    setRange,
    query: { daterange: toDaterange(range), category_ids: categoryIds, brand_ids: brandIds },
    filters: (lists) => (
      <>
        <IdsFilter
          label="Categories"
          placeholder="All categories"
          options={lists?.categories ?? []}
          value={categoryIds}
          onChange={setCategoryIds}
        />
        <IdsFilter label="Brands" placeholder="All brands" options={lists?.brands ?? []} value={brandIds} onChange={setBrandIds} />
      </>
    ),
  };
}
