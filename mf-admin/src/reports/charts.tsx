import type { CategorySales } from '@shop/api-types';
import { BarChart, LineChart } from '../common/charts';
import type { DatePoint } from './reportData';

/** The charts the reports share, each with its card title. */

export const netSalesChart = (points: DatePoint[]) => ({
  title: 'Net Sales',
  chart: <LineChart data={points} xField="date" yField="value" title="Net sales" money />,
});

export const itemsSoldChart = (points: DatePoint[]) => ({
  title: 'Items Sold',
  chart: <LineChart data={points} xField="date" yField="value" title="Items sold" />,
});

/** Net sales per category, from the report's per-category figures (largest first). */
export const categorySalesChart = (categories: Array<Pick<CategorySales, 'category_name' | 'net_sales'>>) => ({
  title: 'Sales per Category',
  chart: (
    <BarChart
      data={categories.map((category) => ({ name: category.category_name, value: category.net_sales }))}
      xField="name"
      yField="value"
      title="Net sales per category"
      money
    />
  ),
});
