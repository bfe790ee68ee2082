/** East Africa Time is UTC+3 all year (no daylight saving), so no time-zone database is needed. */
const EAT_OFFSET_MS = 3 * 3600 * 1000;

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time in Nairobi. */
export function nairobiParts(date: Date): LocalParts {
  const local = new Date(date.getTime() + EAT_OFFSET_MS);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** Daraja's Timestamp: YYYYMMDDHHmmss, Nairobi time. */
export function darajaTimestamp(date: Date): string {
  const p = nairobiParts(date);
  return `${p.year}${pad(p.month)}${pad(p.day)}${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
}

/** DPO's ServiceDate: 'YYYY/MM/DD HH:MM', Nairobi time. */
export function dpoServiceDate(date: Date): string {
  const p = nairobiParts(date);
  return `${p.year}/${pad(p.month)}/${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}
