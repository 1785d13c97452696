import { describe, expect, it } from 'vitest';
import { formatShopDate, formatShopDateTime, shopDayStamp } from '@/lib/dates';

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
