/**
 * Dates and times as the shop shows them: in India's time zone whatever the browser's, since orders, payments and
 * kit journeys happen on Indian days ("23 Nov 2026", "23 Nov 2026, 8:30 pm").
 */
const SHOP_TIME_ZONE = 'Asia/Kolkata';

const day = new Intl.DateTimeFormat('en-IN', { timeZone: SHOP_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' });
const dayAndTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: SHOP_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** An instant (ISO 8601 or a Date) as its day in India: "23 Nov 2026". */
export function formatShopDate(at: string | Date): string {
  return day.format(new Date(at));
}

/** An instant as its day and time in India: "23 Nov 2026, 8:30 pm". */
export function formatShopDateTime(at: string | Date): string {
  return dayAndTime.format(new Date(at));
}

const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** An instant as its day in India for a file name: "2026-11-23". */
export function shopDayStamp(at: string | Date): string {
  return isoDay.format(new Date(at));
}
