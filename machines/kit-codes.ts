/**
 * The codes printed on kit cards and labels (`GUT-XXXX-XXXX`), for the server that issues and activates them and the
 * SPA that reads them from a form or a scanned label.
 *
 * Eight characters from an alphabet without look-alikes (no O/0, I/1/L, S/5), so a code read off a card cannot be
 * typed as another character that is also valid: seven random characters and a check character. With 29 characters
 * the seven random ones give 29^7 ≈ 17 billion codes, so codes cannot be guessed from each other.
 *
 * The check character makes the weighted sum of all eight values (weights 8, 7, … 1) a multiple of 29. Because 29 is
 * prime and the weights are distinct and below 29, every change of one character and every swap of two neighbours
 * (even of two characters one apart) changes the sum, so a mistyped code is refused as mistyped rather than matched to
 * another kit. Luhn mod 29 was the first candidate, but it misses the swap of the alphabet's first and last characters
 * (`A9` for `9A`), as Luhn mod 10 misses `09` for `90`.
 */

export const KIT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRTUVWXYZ2346789';
const BASE = KIT_CODE_ALPHABET.length;
const RANDOM_LENGTH = 7;
const PREFIX = 'GUT';

/** A uniform whole number from 0 to `bound` − 1: `crypto.randomInt` on the server, a seeded source in tests. */
export type RandomIndex = (bound: number) => number;

export type KitCodeProblem = 'format' | 'check';
export type ParsedKitCode = { ok: true; code: string } | { ok: false; reason: KitCodeProblem };

function valueOf(character: string): number {
  const value = KIT_CODE_ALPHABET.indexOf(character);
  if (value < 0 || character.length !== 1) throw new RangeError(`"${character}" is not a kit code character.`);
  return value;
}

/** The check character of seven code characters. */
export function kitCodeCheckCharacter(body: string): string {
  if (body.length !== RANDOM_LENGTH) throw new RangeError(`A kit code's check character is computed from ${RANDOM_LENGTH} characters.`);
  const sum = Array.from(body).reduce((total, character, index) => total + (RANDOM_LENGTH + 1 - index) * valueOf(character), 0);
  return KIT_CODE_ALPHABET.charAt((BASE - (sum % BASE)) % BASE);
}

function formatted(characters: string): string {
  return `${PREFIX}-${characters.slice(0, 4)}-${characters.slice(4)}`;
}

export function generateKitCode(randomIndex: RandomIndex): string {
  const body = Array.from({ length: RANDOM_LENGTH }, () => KIT_CODE_ALPHABET.charAt(randomIndex(BASE))).join('');
  return formatted(body + kitCodeCheckCharacter(body));
}

/**
 * A code as a person typed or a camera read it: any case, with or without the `GUT` prefix, spaces or dashes
 * anywhere. A character outside the alphabet (O, 0, I, 1, L, S, 5 among them) is a `format` problem, never guessed
 * at; eight valid characters whose check character does not match are a `check` problem.
 */
export function parseKitCode(typed: string): ParsedKitCode {
  let characters = typed.toUpperCase().replace(/[\s-]+/g, '');
  if (characters.length === PREFIX.length + RANDOM_LENGTH + 1 && characters.startsWith(PREFIX)) characters = characters.slice(PREFIX.length);
  if (characters.length !== RANDOM_LENGTH + 1 || !Array.from(characters).every((character) => KIT_CODE_ALPHABET.includes(character))) {
    return { ok: false, reason: 'format' };
  }
  if (kitCodeCheckCharacter(characters.slice(0, RANDOM_LENGTH)) !== characters.charAt(RANDOM_LENGTH)) return { ok: false, reason: 'check' };
  return { ok: true, code: formatted(characters) };
}

/** What a person is told when a code they typed is refused. */
export const KIT_CODE_PROBLEM_MESSAGES: Record<KitCodeProblem, string> = {
  format: 'A kit code looks like GUT-XXXX-XXXX: eight letters and digits after GUT, without O, 0, I, 1, L, S or 5.',
  check: 'This code has a typing mistake. Check each character against the card in your kit box and try again.',
};
