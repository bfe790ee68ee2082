/**
 * The one table `npm run bench` prints: every figure beside its target and beside the baseline
 * measured in the same run, so a slow or busy machine still gives a fair ratio. The same rows
 * are written to bench/results.json for comparison between versions.
 */
import fs from 'node:fs';
import os from 'node:os';

export type Direction = 'at most' | 'at least' | 'exactly';

export interface Target {
  direction: Direction;
  limit: number;
  /** Where the target is a share of the baseline ('80 % of raw'), the share; the limit is then ignored. */
  ofBaseline?: number;
  /** Where the target is the baseline plus a margin ('p99 within 2 ms of raw'), the margin; the limit is then ignored. */
  aboveBaseline?: number;
}

export interface Row {
  group: string;
  figure: string;
  value: number;
  unit: string;
  /** null: a figure shown for reading only (no target of its own). */
  target: Target | null;
  /** The same figure of the baseline measured in this run (null where none is meaningful). */
  baseline: number | null;
  /** What the baseline is, in a few words. */
  baselineLabel?: string;
  /** value / baseline. */
  ratio: number | null;
  ok: boolean;
}

export const atMost = (limit: number): Target => ({ direction: 'at most', limit });
export const atLeast = (limit: number): Target => ({ direction: 'at least', limit });
export const exactly = (limit: number): Target => ({ direction: 'exactly', limit });
export const shareOfBaseline = (share: number): Target => ({ direction: 'at least', limit: 0, ofBaseline: share });
/** At most the baseline's own figure plus a margin: the same-run raw server's p99 + 2 ms. */
export const withinOfBaseline = (margin: number): Target => ({ direction: 'at most', limit: 0, aboveBaseline: margin });

function meets(value: number, target: Target | null, baseline: number | null): boolean {
  if (!Number.isFinite(value)) return false;
  if (target === null) return true;
  if (target.ofBaseline !== undefined) return baseline !== null && baseline > 0 && value >= target.ofBaseline * baseline;
  if (target.aboveBaseline !== undefined) return baseline !== null && value <= baseline + target.aboveBaseline;
  if (target.direction === 'at most') return value <= target.limit;
  if (target.direction === 'at least') return value >= target.limit;
  return value === target.limit;
}

export class Table {
  readonly rows: Row[] = [];

  add(
    group: string,
    figure: string,
    value: number,
    unit: string,
    target: Target | null,
    baseline: number | null = null,
    baselineLabel?: string,
  ): Row {
    const row: Row = {
      group,
      figure,
      value,
      unit,
      target,
      baseline,
      baselineLabel,
      ratio: baseline !== null && baseline !== 0 && Number.isFinite(value) ? value / baseline : null,
      ok: meets(value, target, baseline),
    };
    this.rows.push(row);
    return row;
  }

  /** A figure that could not be measured (its bench failed): shown as a miss with the reason. */
  failed(group: string, figure: string, reason: string): void {
    this.rows.push({
      group,
      figure: `${figure}: ${reason}`,
      value: Number.NaN,
      unit: '',
      target: exactly(0),
      baseline: null,
      ratio: null,
      ok: false,
    });
  }

  get misses(): Row[] {
    return this.rows.filter((row) => !row.ok);
  }

  print(log: (line: string) => void = console.log): void {
    const cells = this.rows.map((row) => [
      row.figure,
      `${formatNumber(row.value)} ${row.unit}`.trim(),
      formatTarget(row),
      row.baseline === null
        ? ''
        : `${formatNumber(row.baseline)} ${row.unit}`.trim() + (row.baselineLabel ? ` (${row.baselineLabel})` : ''),
      row.ratio === null ? '' : row.ratio.toFixed(2),
      row.target === null ? '' : row.ok ? 'ok' : 'MISS',
    ]);
    const headings = ['figure', 'value', 'target', 'baseline (same run)', 'ratio', 'ok'];
    const widths = headings.map((heading, column) => Math.max(heading.length, ...cells.map((row) => row[column]!.length)));
    const line = (values: string[]) =>
      values
        .map((value, column) => (column === 1 || column === 4 ? value.padStart(widths[column]!) : value.padEnd(widths[column]!)))
        .join(' | ');
    let group = '';
    log(line(headings));
    log(widths.map((width) => '-'.repeat(width)).join('-|-'));
    this.rows.forEach((row, index) => {
      if (row.group !== group) {
        group = row.group;
        log(`${group}`);
      }
      log(line(cells[index]!));
    });
    log(`\n${this.rows.length - this.misses.length} of ${this.rows.length} figures meet their target.`);
  }

  write(file: string): void {
    const document = {
      measuredAt: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? '',
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        loadAverage: os.loadavg(),
        node: process.version,
      },
      rows: this.rows.map((row) => ({ ...row, value: Number.isFinite(row.value) ? row.value : null })),
    };
    fs.writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  }
}

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '-';
  if (Number.isInteger(value)) return String(value);
  return Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 1 ? value.toFixed(1) : value.toFixed(3);
}

function formatTarget(row: Row): string {
  const { target } = row;
  if (target === null) return '';
  if (target.ofBaseline !== undefined) return `>= ${Math.round(target.ofBaseline * 100)} % of baseline`;
  if (target.aboveBaseline !== undefined) return `<= baseline + ${formatNumber(target.aboveBaseline)} ${row.unit}`.trim();
  const symbol = target.direction === 'at most' ? '<=' : target.direction === 'at least' ? '>=' : '=';
  return `${symbol} ${formatNumber(target.limit)} ${row.unit}`.trim();
}
