import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_MESSAGES, type CategoryReport, type OrderReport, type ProductReport, type RevenueReport } from '@shop/api-types';
import { mockApi, resetShopState } from '@shop/store-kit/testing';
import { CSV_BOM } from '../common/csv';
import { cellTexts, headerTexts, pickOption, query, renderAdmin, storeAdminSession, tableRows } from '../testUtils';
import { NO_PRODUCT_DATA } from './ProductReportPage';
import { NO_REVENUE_DATA } from './RevenueReportPage';
import { defaultRange, nairobiToday, toDaterange } from './reportData';

jest.mock('@ant-design/charts', () => ({
  Column: (props: { data: unknown[] }) => <pre data-testid="column-chart">{JSON.stringify(props.data)}</pre>,
  Line: (props: { data: unknown[] }) => <pre data-testid="line-chart">{JSON.stringify(props.data)}</pre>,
}));

let downloads: Array<{ blob: Blob; name: string }> = [];
beforeEach(() => {
  storeAdminSession();
  downloads = [];
  let pending: Blob | null = null;
  jest.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
    pending = blob as Blob;
    return 'blob:http://localhost/report';
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (pending) downloads.push({ blob: pending, name: this.download });
  });
});
afterEach(() => resetShopState());

// Reports count Nairobi days, whatever the time zone of the browser (or of the machine running this).
const TODAY = nairobiToday().format('YYYY-MM-DD');
const MONTH_START = nairobiToday().startOf('month').format('YYYY-MM-DD');
const DEFAULT_RANGE = `${MONTH_START} - ${TODAY}`;
const totals = { orders: 12, net_sales: 45210.5, items_sold: 96, total_sales: 45210.5, average_order_value: 3767.54 };
const CATEGORIES = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => ({
  id,
  name: ['Maize Flour', 'Wheat Flour', 'Porridge', 'Rice', 'Cooking Oil', 'Animal Feeds', 'Baking', 'Sugar'][id - 1]!,
}));

function categoryReport(empty = false): CategoryReport {
  return {
    graph_data: empty
      ? []
      : [
          { date: '2026-01-02', category_id: 1, category_name: 'Maize Flour', net_sales: 1000.1, items_sold: 4 },
          { date: '2026-01-02', category_id: 2, category_name: 'Wheat Flour', net_sales: 500.2, items_sold: 2 },
          { date: '2026-01-03', category_id: 1, category_name: 'Maize Flour', net_sales: 250, items_sold: 1 },
        ],
    totals: empty ? { ...totals, orders: 0, net_sales: 0, items_sold: 0 } : totals,
    all_categories: CATEGORIES,
    categories: empty
      ? []
      : [
          { category_id: 1, category_name: 'Maize Flour', net_sales: 1250.1, items_sold: 5 },
          { category_id: 2, category_name: 'Wheat Flour, "fine"', net_sales: 500.2, items_sold: 2 },
        ],
  };
}

const csvText = async () => {
  await waitFor(() => expect(downloads).toHaveLength(1));
  // Blob.text() would drop the byte-order mark: decode keeping it.
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await downloads[0]!.blob.arrayBuffer());
};

const card = (title: string) =>
  screen
    .getByText(title, { selector: '.shop-admin-statistic-title *, .shop-admin-statistic-title' })
    .closest('.shop-admin-statistic')
    ?.querySelector('.shop-admin-statistic-content')?.textContent;

/** What a chart card draws (the charts are stubbed to print their data). */
const chartData = (cardTitle: string): unknown => {
  const chartCard = screen.getByText(cardTitle, { selector: '.shop-admin-card-head-title' }).closest('.shop-admin-card')!;
  return JSON.parse(within(chartCard as HTMLElement).getByTestId(/chart$/).textContent ?? 'null');
};

describe('category report', () => {
  it('asks for the current month with category ids 1..8 preselected, shows cards, charts and the table', async () => {
    const queries: Array<Record<string, string>> = [];
    mockApi({
      'GET /admin/dashboard/category_report\\?.*': (request) => {
        queries.push(query(request));
        return categoryReport();
      },
    });
    renderAdmin('/admin/reports/category');
    await screen.findByText('Maize Flour', { selector: 'td' });
    expect(queries[0]).toEqual({ daterange: DEFAULT_RANGE, category_ids: '1,2,3,4,5,6,7,8' });
    expect(document.title).toBe('Category Report | Shwari Back Office');
    const [start, end] = [...document.querySelectorAll<HTMLInputElement>('.shop-admin-picker-range input')];
    expect([start?.value, end?.value]).toEqual([MONTH_START, TODAY]);
    expect(card('Orders')).toBe('12');
    expect(card('Net Sales')).toBe('KSh 45,210.50');
    expect(card('Items Sold')).toBe('96');
    expect(headerTexts()).toEqual(['Category', 'Net Sales', 'Items Sold']);
    expect(tableRows().map(cellTexts)).toEqual([
      ['Maize Flour', 'KSh 1,250.10', '5'],
      ['Wheat Flour, "fine"', 'KSh 500.20', '2'],
    ]);
    // Net sales by date, summed over categories in cents.
    expect(JSON.parse(screen.getAllByTestId('line-chart')[0]!.textContent!)).toEqual([
      { date: '2026-01-02', value: 1500.3 },
      { date: '2026-01-03', value: 250 },
    ]);
    expect(JSON.parse(screen.getByTestId('column-chart').textContent!)).toEqual([
      { name: 'Maize Flour', value: 1250.1 },
      { name: 'Wheat Flour, "fine"', value: 500.2 },
    ]);
  });

  it('refetches when a category is removed and when the date range changes', async () => {
    const queries: Array<Record<string, string>> = [];
    mockApi({
      'GET /admin/dashboard/category_report\\?.*': (request) => {
        queries.push(query(request));
        return categoryReport();
      },
    });
    renderAdmin('/admin/reports/category');
    await screen.findByText('Maize Flour', { selector: 'td' });
    // All eight start selected; clicking a selected option takes it out.
    await pickOption('Categories', 'Sugar');
    expect(document.querySelectorAll('.shop-admin-select-item-option-selected')).toHaveLength(7);
    await waitFor(() => expect(queries.at(-1)).toEqual({ daterange: DEFAULT_RANGE, category_ids: '1,2,3,4,5,6,7' }));

    const [start] = [...document.querySelectorAll<HTMLInputElement>('.shop-admin-picker-range input')];
    const from = nairobiToday().startOf('month').subtract(1, 'month').format('YYYY-MM-DD');
    fireEvent.mouseDown(start!);
    fireEvent.focus(start!);
    fireEvent.change(start!, { target: { value: from } });
    fireEvent.keyDown(start!, { key: 'Enter', code: 'Enter' });
    const [, end] = [...document.querySelectorAll<HTMLInputElement>('.shop-admin-picker-range input')];
    fireEvent.change(end!, { target: { value: TODAY } });
    fireEvent.keyDown(end!, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(queries.at(-1)).toEqual({ daterange: `${from} - ${TODAY}`, category_ids: '1,2,3,4,5,6,7' }));
  });

  it("says 'No data available for selected date range and categories.' when there is nothing", async () => {
    mockApi({ 'GET /admin/dashboard/category_report\\?.*': () => categoryReport(true) });
    renderAdmin('/admin/reports/category');
    expect(await screen.findByText(ADMIN_MESSAGES.noCategoryData)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Export CSV/ })).toBeNull();
  });

  it('Export CSV downloads exactly the table rows, quoted, with a UTF-8 BOM', async () => {
    mockApi({ 'GET /admin/dashboard/category_report\\?.*': () => categoryReport() });
    renderAdmin('/admin/reports/category');
    await screen.findByText('Maize Flour', { selector: 'td' });
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    const text = await csvText();
    expect(text).toBe(`${CSV_BOM}Category,Net Sales,Items Sold\r\nMaize Flour,1250.10,5\r\n"Wheat Flour, ""fine""",500.20,2\r\n`);
    expect(downloads[0]!.name).toBe(`category-report-${MONTH_START}-to-${TODAY}.csv`);
  });
});

function productReport(empty = false): ProductReport {
  return {
    // As the orders service sends it: day figures with no category; the categories in category_sales.
    graph_data: empty ? [] : [{ date: '2026-01-02', net_sales: 470, items_sold: 2, orders: 1 }],
    totals,
    categories: CATEGORIES.slice(0, 2),
    brands: [
      { id: 1, name: 'Jogoo' },
      { id: 2, name: 'Pembe' },
    ],
    products: empty ? [] : [{ product_id: 7, product_name: 'Jogoo Maize Meal 2kg', net_sales: 470, items_sold: 2 }],
    category_sales: empty ? [] : [{ category_id: 1, category_name: 'Maize Flour', net_sales: 470, items_sold: 2 }],
  };
}

describe('product report', () => {
  it('sends the range, then the chosen categories and brands; table, empty message and CSV', async () => {
    const queries: Array<Record<string, string>> = [];
    let empty = false;
    mockApi({
      'GET /admin/dashboard/product_report\\?.*': (request) => {
        queries.push(query(request));
        return productReport(empty);
      },
    });
    renderAdmin('/admin/reports/products');
    await screen.findByText('Jogoo Maize Meal 2kg', { selector: 'td' });
    expect(queries[0]).toEqual({ daterange: DEFAULT_RANGE });
    expect(headerTexts()).toEqual(['Product', 'Net Sales', 'Items Sold']);
    // "Sales per Category" draws the report's category_sales (the day figures carry no category).
    expect(chartData('Sales per Category')).toEqual([{ name: 'Maize Flour', value: 470 }]);
    expect(card('Items Sold')).toBe('96');

    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(await csvText()).toBe(`${CSV_BOM}Product,Net Sales,Items Sold\r\nJogoo Maize Meal 2kg,470.00,2\r\n`);

    await pickOption('Brands', 'Pembe');
    await waitFor(() => expect(queries.at(-1)).toEqual({ daterange: DEFAULT_RANGE, brand_ids: '2' }));
    empty = true;
    await pickOption('Categories', 'Wheat Flour');
    await waitFor(() => expect(queries.at(-1)).toEqual({ daterange: DEFAULT_RANGE, brand_ids: '2', category_ids: '2' }));
    expect(await screen.findByText(NO_PRODUCT_DATA)).toBeTruthy();
  });
});

function revenueReport(empty = false): RevenueReport {
  return {
    // As the orders service sends it: day figures with no category; the categories in category_sales.
    graph_data: empty ? [] : [{ date: '2026-01-02', net_sales: 4980.5, items_sold: 9, orders: 3 }],
    revenue_data: empty ? [] : [{ date: '2026-01-02', orders: 3, gross_sales: 5200, net_sales: 4980.5, total_sales: 4980.5 }],
    category_sales: empty
      ? []
      : [
          { category_id: 2, category_name: 'Wheat Flour', net_sales: 3000, items_sold: 4 },
          { category_id: 1, category_name: 'Maize Flour', net_sales: 1980.5, items_sold: 5 },
        ],
    totals,
    categories: CATEGORIES.slice(0, 2),
    brands: [{ id: 1, name: 'Jogoo' }],
  };
}

describe('revenue report', () => {
  it('shows Orders, Net Sales, Total Sales and the revenue table; refetches on a brand; empty message; CSV', async () => {
    const queries: Array<Record<string, string>> = [];
    let empty = false;
    mockApi({
      'GET /admin/dashboard/revenue_report\\?.*': (request) => {
        queries.push(query(request));
        return revenueReport(empty);
      },
    });
    renderAdmin('/admin/reports/revenue');
    await screen.findByText('2026-01-02', { selector: 'td' });
    expect(queries[0]).toEqual({ daterange: DEFAULT_RANGE });
    expect(card('Total Sales')).toBe('KSh 45,210.50');
    expect(headerTexts()).toEqual(['Date', 'Orders', 'Gross Sales', 'Net Sales', 'Total Sales']);
    expect(tableRows().map(cellTexts)).toEqual([['2026-01-02', '3', 'KSh 5,200.00', 'KSh 4,980.50', 'KSh 4,980.50']]);
    // Figures never break inside at 1366 px.
    expect(screen.getByText('KSh 5,200.00', { selector: 'td' }).style.whiteSpace).toBe('nowrap');
    // "Sales per Category" draws a bar per category (it was empty: the day figures carry no category).
    expect(chartData('Sales per Category')).toEqual([
      { name: 'Wheat Flour', value: 3000 },
      { name: 'Maize Flour', value: 1980.5 },
    ]);
    expect(chartData('Items Sold')).toEqual([{ date: '2026-01-02', value: 9 }]);
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(await csvText()).toBe(`${CSV_BOM}Date,Orders,Gross Sales,Net Sales,Total Sales\r\n2026-01-02,3,5200.00,4980.50,4980.50\r\n`);
    empty = true;
    await pickOption('Brands', 'Jogoo');
    await waitFor(() => expect(queries.at(-1)).toEqual({ daterange: DEFAULT_RANGE, brand_ids: '1' }));
    expect(await screen.findByText(NO_REVENUE_DATA)).toBeTruthy();
  });
});

function orderReport(empty = false): OrderReport {
  return {
    graph_data: empty ? [] : [{ date: '2026-01-02', status_id: 5, status_name: 'Delivered', net_sales: 2350, items_sold: 10 }],
    orders: empty
      ? []
      : [
          {
            order_number: 'SHW-1001',
            total_amount: 2350,
            date: '2026-01-02',
            status_name: 'Delivered',
            customer_name: '=HYPERLINK("x")',
            items_count: 2,
            items_sold: 10,
          },
        ],
    statuses: [
      { id: 1, name: 'Pending' },
      { id: 5, name: 'Delivered' },
    ],
    totals,
  };
}

describe('order report', () => {
  it('shows Orders, Net Sales, Average Order Value and the orders table; filters by status; empty message; CSV', async () => {
    const queries: Array<Record<string, string>> = [];
    let empty = false;
    mockApi({
      'GET /admin/dashboard/order_report\\?.*': (request) => {
        queries.push(query(request));
        return orderReport(empty);
      },
    });
    renderAdmin('/admin/reports/orders');
    await screen.findByText('SHW-1001', { selector: 'td' });
    expect(queries[0]).toEqual({ daterange: DEFAULT_RANGE });
    expect(card('Average Order Value')).toBe('KSh 3,767.54');
    expect(headerTexts()).toEqual(['Order Number', 'Amount', 'Date', 'Status', 'Customer Name', 'Products', 'Items Sold']);
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    // A cell that would run as a spreadsheet formula is neutralised.
    expect(await csvText()).toBe(
      `${CSV_BOM}Order Number,Amount,Date,Status,Customer Name,Products,Items Sold\r\nSHW-1001,2350.00,2026-01-02,Delivered,"'=HYPERLINK(""x"")",2,10\r\n`,
    );
    empty = true;
    await pickOption('Statuses', 'Pending');
    await waitFor(() => expect(queries.at(-1)).toEqual({ daterange: DEFAULT_RANGE, status_ids: '1' }));
    expect(await screen.findByText(ADMIN_MESSAGES.noStatusData)).toBeTruthy();
    expect(within(document.body).queryByText('SHW-1001')).toBeNull();
  });
});

describe('report days are Nairobi days', () => {
  it('ends the default range on the Nairobi date, also when it is still yesterday in UTC', () => {
    expect(nairobiToday(new Date('2026-11-21T20:59:00Z')).format('YYYY-MM-DD')).toBe('2026-11-21');
    expect(nairobiToday(new Date('2026-11-21T21:00:00Z')).format('YYYY-MM-DD')).toBe('2026-11-22');
    // 30 November 22:30 UTC is already 1 December in Nairobi: the default range is that new month.
    expect(toDaterange(defaultRange(nairobiToday(new Date('2026-11-30T22:30:00Z'))))).toBe('2026-12-01 - 2026-12-01');
  });
});
