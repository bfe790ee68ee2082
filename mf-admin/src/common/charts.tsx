import { Column, Line } from '@ant-design/charts';
import { CHART_HEIGHT, LINE_COLOUR } from '../theme';

/**
 * The back office's two chart shapes on @ant-design/charts. Drawn as soon as their data arrives
 * (the spec's 1 s delay was a work-around, not a requirement); 350 px high.
 */
export interface LineChartProps<T extends object> {
  data: T[];
  xField: keyof T & string;
  yField: keyof T & string;
  title: string;
  /** Money axis: show KSh values with thousands separators. */
  money?: boolean;
}

const thousands = (value: unknown): string => new Intl.NumberFormat('en-KE', { maximumFractionDigits: 2 }).format(Number(value));

export function LineChart<T extends object>({ data, xField, yField, title, money }: LineChartProps<T>): JSX.Element {
  return (
    <div role="img" aria-label={title}>
      <Line
        data={data}
        xField={xField}
        yField={yField}
        height={CHART_HEIGHT}
        autoFit
        // The spec's Chart.js line: colour #6dd144, border width 2, tension 0.5 (a smooth curve).
        shapeField="smooth"
        style={{ stroke: LINE_COLOUR, lineWidth: 2 }}
        point={{ shapeField: 'circle', sizeField: 3, style: { fill: LINE_COLOUR } }}
        axis={{ y: { labelFormatter: money ? (value: unknown) => `KSh ${thousands(value)}` : thousands } }}
        scale={{ y: { domainMin: 0, nice: true } }}
        tooltip={{
          title: xField,
          items: [{ channel: 'y', name: title, valueFormatter: money ? (value: unknown) => `KSh ${thousands(value)}` : thousands }],
        }}
      />
    </div>
  );
}

export interface BarChartProps<T extends object> {
  data: T[];
  xField: keyof T & string;
  yField: keyof T & string;
  title: string;
  /** Each bar's own colour from this field (the depot and status charts). */
  colorFromField?: keyof T & string;
  /** Legend of the bars by their x value, in their own colours (the status chart). */
  legend?: boolean;
  hideYAxis?: boolean;
  money?: boolean;
}

export function BarChart<T extends object>({
  data,
  xField,
  yField,
  title,
  colorFromField,
  legend = false,
  hideYAxis = false,
  money,
}: BarChartProps<T>): JSX.Element {
  const colours = colorFromField ? data.map((row) => String(row[colorFromField])) : undefined;
  const domain = data.map((row) => String(row[xField]));
  return (
    <div role="img" aria-label={title}>
      <Column
        data={data}
        xField={xField}
        yField={yField}
        height={CHART_HEIGHT}
        autoFit
        // A colour per bar: the bar's own x value is its colour key, mapped to the server's colour.
        colorField={colours ? xField : undefined}
        scale={{ y: { domainMin: 0, nice: true }, ...(colours ? { color: { domain, range: colours } } : {}) }}
        legend={legend ? { color: { position: 'bottom' } } : false}
        axis={{ y: hideYAxis ? false : { labelFormatter: money ? (value: unknown) => `KSh ${thousands(value)}` : thousands } }}
      />
    </div>
  );
}
