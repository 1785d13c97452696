/**
 * How deeply a request's JSON may nest. The contract's deepest body nests a handful of levels; a body of thousands of
 * `[` would overflow the stack of any walk over it (the control-character check, validation) and answer 500. Checked
 * on the text, before it is parsed and before any other work, the payment webhook's signature included.
 */
import { HttpError } from './errors';

export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]); // [ {
const CLOSE = new Set([0x5d, 0x7d]); // ] }

/** Whether `text` opens arrays and objects more than `max` levels deep, brackets inside strings aside. */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (OPEN.has(c)) {
      if (++depth > max) return true;
    } else if (CLOSE.has(c)) depth--;
  }
  return false;
}

export const tooDeep = () =>
  new HttpError(400, `The body nests more than ${MAX_JSON_DEPTH} levels of arrays and objects.`, 'BAD_REQUEST');
