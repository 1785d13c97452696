import { describe, expect, it } from 'vitest';
import { formatShopDate, formatShopDateTime, formatShopWeekday, shopDayStamp } from '@/lib/dates';

describe('dates and times in India’s time zone', () => {
  // 20:30 UTC on 22 November is already 2:00 on 23 November in India (UTC+5:30).
  const lateEveningUtc = '2026-11-22T20:30:00.000Z';

  it('gives the Indian day of an instant that is still the day before in UTC', () => {
    expect(formatShopDate(lateEveningUtc)).toBe('23 Nov 2026');
    expect(formatShopDate(new Date(lateEveningUtc))).toBe('23 Nov 2026');
  });

  it('stamps a file with the Indian day', () => {
    expect(shopDayStamp(lateEveningUtc)).toBe('2026-11-23');
  });

  it('gives the Indian day and time, on a 12-hour clock', () => {
    expect(formatShopDateTime(lateEveningUtc)).toBe('23 Nov 2026, 2:00 am');
    expect(formatShopDateTime('2026-11-23T15:00:00.000Z')).toBe('23 Nov 2026, 8:30 pm');
  });

  it('does not depend on the time zone the code runs in', () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'America/Los_Angeles';
      expect(new Date(lateEveningUtc).getHours()).toBe(12);
      expect(formatShopDate(lateEveningUtc)).toBe('23 Nov 2026');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('the same words as the en-IN locale', () => {
  const zone = 'Asia/Kolkata';
  const day = new Intl.DateTimeFormat('en-IN', { timeZone: zone, day: 'numeric', month: 'short', year: 'numeric' });
  const dayAndTime = new Intl.DateTimeFormat('en-IN', { timeZone: zone, day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
  const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });

  // Every month, both halves of the day and the minutes around midnight and noon, from 1999 to 2040.
  const instants = Array.from({ length: 6_000 }, (_, i) => new Date(Date.UTC(1999, 0, 1) + i * 3_691 * 60_000));
  const edges = ['2026-11-22T18:29:59.999Z', '2026-11-22T18:30:00.000Z', '2026-11-23T06:29:00.000Z', '2026-11-23T06:30:00.000Z', '2028-02-28T18:30:00.000Z'];

  it('formats thousands of instants as Intl does', () => {
    for (const at of [...instants, ...edges.map((edge) => new Date(edge))]) {
      expect(formatShopDate(at)).toBe(day.format(at));
      expect(formatShopDateTime(at)).toBe(dayAndTime.format(at));
      expect(shopDayStamp(at)).toBe(isoDay.format(at));
    }
  });

  it('writes a calendar day with its weekday as Intl does, over eleven years of days', () => {
    const weekday = new Intl.DateTimeFormat('en-IN', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short' });
    for (let i = 0; i < 4_000; i += 1) {
      const day = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      expect(formatShopWeekday(day), day).toBe(weekday.format(new Date(`${day}T12:00:00+05:30`)));
    }
    expect(() => formatShopWeekday('1 Dec')).toThrow(RangeError);
  });

  it('refuses an instant that is no date, as Intl does', () => {
    expect(() => formatShopDate('not a date')).toThrow(RangeError);
    expect(() => formatShopDateTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
