/**
 * The routes' search parameters (the router's `validateSearch`). A value that does not fit is dropped rather than
 * refused: the page then opens as it would without it. Plain functions, since this module ships with the shop's
 * first page and a schema library would ship with it.
 */
import { SESSION_END_REASONS, type SessionEndReason } from '../../machines/session-end';

type RawSearch = Record<string, unknown>;

/** `value` when it is a string no longer than `maxLength`. */
function text(value: unknown, maxLength = 2048): string | undefined {
  return typeof value === 'string' && value.length <= maxLength ? value : undefined;
}

/** `?order=` on checkout (an unpaid order to pay), the success page and the orders page (the order shown). */
export const orderSearch = (search: RawSearch): { order?: string | undefined } => ({ order: text(search.order, 64) });

/** The password-reset link's parameters (Firebase's action link: `mode` and `oobCode`). */
export const passwordResetSearch = (search: RawSearch): { mode?: string | undefined; oobCode?: string | undefined } => ({
  mode: text(search.mode),
  oobCode: text(search.oobCode),
});

/** `?session=` on the sign-in pages: why the session ended (src/lib/session-end.ts); any other value is ignored. */
export const sessionEndSearch = (search: RawSearch): { session?: SessionEndReason | undefined } => ({
  session: SESSION_END_REASONS.find((reason) => reason === search.session),
});

/**
 * The address of a list (the staff's lists, the blog, the recipes, the publications) as it arrives: short strings,
 * numbers and yes-or-no values, nothing checked yet. Each list reads it with its own rules (its `…SearchFrom` or
 * `…Search`), which come with its page rather than with the shop's first page; a value those rules do not accept is
 * dropped there.
 */
export type ListSearch = Record<string, string | number | boolean | undefined>;

export function listSearch(search: RawSearch): ListSearch {
  const kept: ListSearch = {};
  for (const [key, value] of Object.entries(search)) {
    if ((typeof value === 'string' && value.length <= 100) || (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') {
      kept[key] = value;
    }
  }
  return kept;
}

/** A post's or a recipe's `?slug=` as it arrives; the page reads it with its own rule (src/lib/content-search.ts). */
export const slugSearch = (search: RawSearch): { slug?: string | undefined } => ({ slug: text(search.slug, 100) });

/** A staff page about one customer: `?id=`. */
export const customerSearch = (search: RawSearch): { id?: string | undefined } => ({ id: text(search.id, 64) });

/** `?code=` on the kit dashboard: the code of a kit's label, whose QR code opens the page with it filled in. */
export const dashboardSearch = (search: RawSearch): { code?: string | undefined } => ({ code: text(search.code, 32) });

/** A staff page about one order: `?id=`. */
export const staffOrderSearch = (search: RawSearch): { id?: string | undefined } => ({ id: text(search.id, 64) });
