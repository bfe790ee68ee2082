/** @jest-environment-options {"timeZone": "America/New_York"} */
// Run as a browser far from Kenya would: the helpers must not read the machine's time zone.

import { formatNairobiDateTime, formatNairobiDay, nairobiDayEnd, nairobiDayOf, nairobiDayStart, nairobiToday } from './nairobiDays';

it('runs in New York (the check that the time zone took)', () => {
  expect(new Date('2026-11-01T00:00:00Z').getTimezoneOffset()).toBe(240);
});

it('a coupon valid from 1 Nov 2026 (stored as midnight in Nairobi) shows 1 Nov 2026, not 31 Oct', () => {
  const validFrom = nairobiDayStart('2026-11-01');
  expect(validFrom.toISOString()).toBe('2026-10-31T21:00:00.000Z');
  expect(formatNairobiDay(validFrom.toISOString())).toBe('1 Nov 2026');
  expect(nairobiDayOf('2026-10-31T21:00:00.000Z')).toBe('2026-11-01');
  // The last second of 30 Nov in Nairobi is still 30 Nov.
  expect(formatNairobiDay('2026-11-30T20:59:59Z')).toBe('30 Nov 2026');
  expect(nairobiDayEnd('2026-11-30').toISOString()).toBe('2026-11-30T21:00:00.000Z');
});

it('reads zone-less database timestamps as UTC and bare days as Kenyan days', () => {
  expect(nairobiDayOf('2026-03-10 21:30:00')).toBe('2026-03-11');
  expect(formatNairobiDateTime('2026-03-10 21:30:00')).toBe('11 Mar 2026, 00:30');
  expect(formatNairobiDay('2026-11-01')).toBe('1 Nov 2026');
  expect(formatNairobiDateTime('2026-11-01')).toBe('1 Nov 2026, 00:00');
});

it('today is the Nairobi date, also when it is still yesterday in New York and in UTC', () => {
  expect(nairobiToday(new Date('2026-11-21T20:59:00Z'))).toBe('2026-11-21');
  expect(nairobiToday(new Date('2026-11-21T21:00:00Z'))).toBe('2026-11-22');
});

it('nothing shows as nothing; what is not a date shows as it was written', () => {
  expect(formatNairobiDay(null)).toBe('');
  expect(formatNairobiDay('')).toBe('');
  expect(formatNairobiDay('soon')).toBe('soon');
  expect(nairobiDayOf('soon')).toBeNull();
  expect(() => nairobiDayStart('1/11/2026')).toThrow(RangeError);
});
