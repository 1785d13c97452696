/** The months a GST return is filed for, as the registers' page offers them: India's calendar months, newest first. */
import { shopDayStamp } from '@/lib/dates';

export interface ReturnMonth {
  /** 2026-11 */
  value: string;
  /** November 2026 */
  label: string;
  /** The month's first and last days, both included. */
  from: string;
  to: string;
}

const MONTH_NAME = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The current month in India and the `count - 1` before it. */
export function returnMonths(now: Date, count = 15): ReturnMonth[] {
  const [year, month] = shopDayStamp(now).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, back) => {
    const first = new Date(Date.UTC(year, month - 1 - back, 1));
    const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
    const iso = (at: Date) => at.toISOString().slice(0, 10);
    return { value: iso(first).slice(0, 7), label: MONTH_NAME.format(first), from: iso(first), to: iso(last) };
  });
}
