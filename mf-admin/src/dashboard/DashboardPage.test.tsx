import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, resetShopState } from '@shop/store-kit/testing';
import { renderAdmin, storeAdminSession } from '../testUtils';

// The charts draw on canvas; here each one renders the props it was given, so the test reads
// exactly the data and options passed to @ant-design/charts.
jest.mock('@ant-design/charts', () => {
  const plain = (props: Record<string, unknown>) =>
    JSON.stringify(props, (_key, value: unknown) => (typeof value === 'function' ? '[fn]' : value));
  return {
    Column: (props: Record<string, unknown>) => <pre data-testid="column-chart">{plain(props)}</pre>,
    Line: (props: Record<string, unknown>) => <pre data-testid="line-chart">{plain(props)}</pre>,
  };
});

afterEach(() => resetShopState());

interface ChartProps {
  data: Array<Record<string, unknown>>;
  xField: string;
  yField: string;
  colorField?: string;
  legend?: unknown;
  axis?: { y?: unknown };
  scale?: { y?: { domainMin?: number }; color?: { domain: string[]; range: string[] } };
  style?: { stroke?: string; lineWidth?: number };
  shapeField?: string;
  height?: number;
}

const chartIn = (title: string, kind: 'column-chart' | 'line-chart'): ChartProps => {
  const card = screen.getByText(title, { selector: '.shop-admin-card-head-title' }).closest('.shop-admin-card') as HTMLElement;
  return JSON.parse(within(card).getByTestId(kind).textContent ?? '{}') as ChartProps;
};

const DASHBOARD = {
  'GET /admin/dashboard/depot': () => ({ labels: ['Nairobi depot'], data: [125000.5], color: ['#1f6f3a'] }),
  'GET /admin/dashboard/statusReport': () => ({
    labels: ['Pending', 'Paid', 'Delivered'],
    data: [4, 10, 25],
    color: ['#faad14', '#1677ff', '#52c41a'],
  }),
  'GET /admin/dashboard/revenueChart': () => ({ labels: ['Nov', 'Dec', 'Jan'], data: [150000, 210500.25, 98000] }),
  'GET /admin/dashboard/monthlySalesTotal': () => ({ labels: ['Nov', 'Dec', 'Jan'], datasets: [{ label: 'Orders', data: [40, 61, 22] }] }),
  'GET /admin/dashboard/today': () => ({ orders_today: 7, revenue_today: 16450.5, pending_payments: 2, pending_payments_value: 3860 }),
};

describe('dashboard', () => {
  it('makes the four chart calls and the today call on load', async () => {
    storeAdminSession();
    const fetchSpy = mockApi(DASHBOARD);
    renderAdmin('/admin/dashboard');
    await screen.findByText('Orders today');
    await waitFor(() => expect(screen.getAllByTestId('line-chart')).toHaveLength(2));
    const paths = fetchSpy.mock.calls.map(([input]) => new URL((input as Request).url).pathname).sort();
    expect(paths).toEqual([
      '/api/admin/dashboard/depot',
      '/api/admin/dashboard/monthlySalesTotal',
      '/api/admin/dashboard/revenueChart',
      '/api/admin/dashboard/statusReport',
      '/api/admin/dashboard/today',
    ]);
  });

  it("shows today's orders, revenue and pending payments", async () => {
    storeAdminSession();
    mockApi(DASHBOARD);
    renderAdmin('/admin/dashboard');
    const card = (await screen.findByText('Today', { selector: '.shop-admin-card-head-title' })).closest('.shop-admin-card') as HTMLElement;
    await within(card).findByText('Orders today');
    const value = (title: string) =>
      within(card).getByText(title).closest('.shop-admin-statistic')?.querySelector('.shop-admin-statistic-content')?.textContent;
    expect(value('Orders today')).toBe('7');
    expect(value('Revenue today')).toBe('KSh 16,450.50');
    expect(value('Pending payments')).toBe('2');
    expect(value('Pending payments value')).toBe('KSh 3,860.00');
  });

  it('the status chart gets the values as bar heights and the colours as colours, with a legend and no y axis', async () => {
    storeAdminSession();
    mockApi(DASHBOARD);
    renderAdmin('/admin/dashboard');
    await waitFor(() => expect(screen.getAllByTestId('column-chart')).toHaveLength(2));
    const status = chartIn('Order Status', 'column-chart');
    expect(status.data).toEqual([
      { label: 'Pending', value: 4, color: '#faad14' },
      { label: 'Paid', value: 10, color: '#1677ff' },
      { label: 'Delivered', value: 25, color: '#52c41a' },
    ]);
    expect(status.yField).toBe('value');
    expect(status.colorField).toBe('label');
    expect(status.scale?.color).toEqual({ domain: ['Pending', 'Paid', 'Delivered'], range: ['#faad14', '#1677ff', '#52c41a'] });
    expect(status.legend).toBeTruthy();
    expect(status.axis?.y).toBe(false);
    expect(status.height).toBe(350);
  });

  it('the depot chart hides its legend and starts its axis at zero', async () => {
    storeAdminSession();
    mockApi(DASHBOARD);
    renderAdmin('/admin/dashboard');
    await waitFor(() => expect(screen.getAllByTestId('column-chart')).toHaveLength(2));
    const depot = chartIn('Depot Sales', 'column-chart');
    expect(depot.data).toEqual([{ label: 'Nairobi depot', value: 125000.5, color: '#1f6f3a' }]);
    expect(depot.legend).toBe(false);
    expect(depot.scale?.y?.domainMin).toBe(0);
  });

  it('plots monthly orders, and the real revenue series (not the orders) in the revenue chart, #6dd144, width 2, smooth, 350 high', async () => {
    storeAdminSession();
    mockApi(DASHBOARD);
    renderAdmin('/admin/dashboard');
    await waitFor(() => expect(screen.getAllByTestId('line-chart')).toHaveLength(2));
    const orders = chartIn('Monthly Orders', 'line-chart');
    expect(orders.data).toEqual([
      { label: 'Nov', value: 40 },
      { label: 'Dec', value: 61 },
      { label: 'Jan', value: 22 },
    ]);
    const revenue = chartIn('Revenue', 'line-chart');
    expect(revenue.data).toEqual([
      { label: 'Nov', value: 150000 },
      { label: 'Dec', value: 210500.25 },
      { label: 'Jan', value: 98000 },
    ]);
    for (const chart of [orders, revenue]) {
      expect(chart.style).toEqual({ stroke: '#6dd144', lineWidth: 2 });
      expect(chart.shapeField).toBe('smooth');
      expect(chart.height).toBe(350);
    }
  });

  it('shows spinners while loading and empty states when there is nothing to draw', async () => {
    storeAdminSession();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockApi({
      'GET /admin/dashboard/depot': async () => {
        await gate;
        return { labels: [], data: [], color: [] };
      },
      'GET /admin/dashboard/statusReport': () => ({ labels: [], data: [], color: [] }),
      'GET /admin/dashboard/revenueChart': () => ({ labels: [], data: [] }),
      'GET /admin/dashboard/monthlySalesTotal': () => ({ labels: [], datasets: [] }),
      'GET /admin/dashboard/today': () => ({ orders_today: 0, revenue_today: 0, pending_payments: 0, pending_payments_value: 0 }),
    });
    renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('status', { name: 'Loading Depot Sales' })).toBeTruthy();
    release();
    await waitFor(() => expect(screen.getAllByText('No data yet.')).toHaveLength(4));
  });
});
