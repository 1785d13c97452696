/** A recipe's numbers in words: times, servings, ingredient lines and nutrition amounts. */
import { formatIndianNumber } from '../../machines/indian-numbers';
import type { components } from '../../openapi/schema';

const MINUTES_PER_HOUR = 60;

/** "35 min", "1 hr 10 min", "2 hr". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / MINUTES_PER_HOUR);
  const rest = minutes % MINUTES_PER_HOUR;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}

/** The same as an ISO 8601 duration, for schema.org: "PT35M", "PT1H10M". */
export function isoDuration(minutes: number): string {
  const hours = Math.floor(minutes / MINUTES_PER_HOUR);
  const rest = minutes % MINUTES_PER_HOUR;
  return `PT${hours > 0 ? `${hours}H` : ''}${rest > 0 || hours === 0 ? `${rest}M` : ''}`;
}

export function servingsText(servings: number): string {
  return servings === 1 ? '1 serving' : `${servings} servings`;
}

/** An ingredient as one line: "1 katori cooked rajma"; the quantity may be empty ("salt to taste"). */
export function ingredientLine({ quantity, item }: components['schemas']['Ingredient']): string {
  return quantity ? `${quantity} ${item}` : item;
}

/** "12.5 g". */
export function formatGrams(value: number): string {
  return `${formatIndianNumber(value, 1)} g`;
}
