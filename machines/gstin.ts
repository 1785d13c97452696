/**
 * A GSTIN, the 15-character GST identification number: the state code (2 digits), the holder's PAN (10), the
 * registration's number under that PAN (1), a letter that is "Z" for ordinary taxpayers (1) and a check character
 * (1). One rule for the server's configuration and the staff forms that will take a customer's or supplier's GSTIN.
 */
const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHAPE = /^[0-9]{2}[A-Z0-9]{10}[1-9A-Z][A-Z0-9][0-9A-Z]$/;
/**
 * The codes a GSTIN may begin with: the states' and union territories' 01–38 (25 and 28, Daman and Diu and undivided
 * Andhra Pradesh, are no longer given out but older registrations may carry them), 97 "Other Territory" and 99
 * "Centre Jurisdiction".
 */
const STATE_CODE = /^(0[1-9]|[12][0-9]|3[0-8]|97|99)$/;

/**
 * The check character of a GSTIN's first 14 characters, by the GST Network's mod-36 algorithm: each character's
 * value (0–9, then A=10 … Z=35) is multiplied by 1 and 2 in turn from the left, each product's base-36 digits are
 * added (product div 36 + product mod 36), and the check is what brings the sum up to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  if (first14.length !== 14) throw new RangeError(`A GSTIN's check character is computed from 14 characters, got ${first14.length}.`);
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = CHARACTERS.indexOf(first14.charAt(i));
    if (value < 0) throw new RangeError(`A GSTIN holds digits and capital letters only, got "${first14.charAt(i)}".`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARACTERS.charAt((36 - (sum % 36)) % 36);
}

/** What is wrong with `value` as a GSTIN, in words a person can act on; `undefined` when it is a valid one. */
export function gstinProblem(value: string): string | undefined {
  if (!SHAPE.test(value)) {
    return 'A GSTIN has 15 characters: the 2-digit state code, the 10-character PAN, the registration number, Z and a check character.';
  }
  const code = value.slice(0, 2);
  if (!STATE_CODE.test(code)) {
    return `A GSTIN begins with a GST state code; ${code} is none.`;
  }
  const check = gstinCheckCharacter(value.slice(0, 14));
  if (value.charAt(14) !== check) return `The GSTIN's check character does not match: a GSTIN beginning ${value.slice(0, 14)} ends in ${check}. Check it for a typing mistake.`;
  return undefined;
}

export function isValidGstin(value: string): boolean {
  return gstinProblem(value) === undefined;
}
