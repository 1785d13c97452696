/**
 * Dates and times as the shop shows them: in India's time zone whatever the browser's, since orders, payments and
 * kit journeys happen on Indian days ("23 Nov 2026", "23 Nov 2026, 8:30 pm").
 *
 * Written out by hand rather than with `Intl.DateTimeFormat`: making a formatter for a time zone loads the browser's
 * zone data, which held a cheap phone's first render of the dashboard and the orders for over 100 ms (docs/
 * performance.md). India keeps one offset all year (UTC+5:30, no daylight saving), and the words are those of the
 * `en-IN` locale; tests/unit/dates.test.ts compares every output with `Intl` over thousands of instants.
 */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** The instant's wall clock in India, read through the UTC getters of a shifted date. */
function inIndia(at: string | Date): Date {
  const time = new Date(at).getTime();
  // As Intl does: an instant that is no date cannot be shown.
  if (Number.isNaN(time)) throw new RangeError('Invalid time value');
  return new Date(time + INDIA_OFFSET_MS);
}

const dayOf = (wall: Date) => `${wall.getUTCDate()} ${MONTHS[wall.getUTCMonth()]} ${wall.getUTCFullYear()}`;
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** An instant (ISO 8601 or a Date) as its day in India: "23 Nov 2026". */
export function formatShopDate(at: string | Date): string {
  return dayOf(inIndia(at));
}

/** An instant as its day and time in India: "23 Nov 2026, 8:30 pm". */
export function formatShopDateTime(at: string | Date): string {
  const wall = inIndia(at);
  const hours = wall.getUTCHours();
  return `${dayOf(wall)}, ${hours % 12 || 12}:${twoDigits(wall.getUTCMinutes())} ${hours < 12 ? 'am' : 'pm'}`;
}

/** A calendar day in India ("2026-12-01") with its weekday and without its year: "Tue, 1 Dec". */
export function formatShopWeekday(day: string): string {
  const wall = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(wall.getTime())) throw new RangeError('Invalid time value');
  return `${WEEKDAYS[wall.getUTCDay()]}, ${wall.getUTCDate()} ${MONTHS[wall.getUTCMonth()]}`;
}

/** An instant as its day in India for a file name: "2026-11-23". */
export function shopDayStamp(at: string | Date): string {
  const wall = inIndia(at);
  return `${wall.getUTCFullYear()}-${twoDigits(wall.getUTCMonth() + 1)}-${twoDigits(wall.getUTCDate())}`;
}
