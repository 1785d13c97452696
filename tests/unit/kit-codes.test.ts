import { describe, expect, it } from 'vitest';
import { generateKitCode, KIT_CODE_ALPHABET, kitCodeCheckCharacter, parseKitCode, type RandomIndex } from '../../machines/kit-codes';

/** A small seeded generator (mulberry32), so that a failure can be replayed. */
function seeded(seed: number): RandomIndex {
  let state = seed >>> 0;
  return (bound) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * bound);
  };
}

const characters = (code: string) => code.replace(/^GUT-/, '').replace('-', '');
const asCode = (eight: string) => `GUT-${eight.slice(0, 4)}-${eight.slice(4)}`;

describe('the kit code alphabet', () => {
  it('has 29 characters and none that can be misread for another', () => {
    expect(KIT_CODE_ALPHABET).toHaveLength(29);
    expect(new Set(KIT_CODE_ALPHABET).size).toBe(29);
    for (const lookAlike of 'O0I1LS5') expect(KIT_CODE_ALPHABET).not.toContain(lookAlike);
  });
});

describe('a generated kit code', () => {
  const random = seeded(2026);
  const codes = Array.from({ length: 2_000 }, () => generateKitCode(random));

  it('reads GUT-XXXX-XXXX and passes its own check', () => {
    for (const code of codes) {
      expect(code).toMatch(/^GUT-[ABCDEFGHJKMNPQRTUVWXYZ2346789]{4}-[ABCDEFGHJKMNPQRTUVWXYZ2346789]{4}$/);
      expect(parseKitCode(code)).toEqual({ ok: true, code });
    }
  });

  it('takes its first seven characters from the random source and ends in the check character', () => {
    const picks = [0, 28, 5, 7, 13, 21, 1];
    const bounds: number[] = [];
    const code = generateKitCode((bound) => {
      bounds.push(bound);
      return picks[bounds.length - 1]!;
    });
    expect(bounds).toEqual(Array(7).fill(29));
    expect(code).toBe(`GUT-A9FH-QZB${kitCodeCheckCharacter('A9FHQZB')}`);
  });

  it('uses every character about equally in every position, the check character included', () => {
    const many = Array.from({ length: 29_000 }, () => characters(generateKitCode(random)));
    for (let position = 0; position < 8; position += 1) {
      const counts = new Map<string, number>();
      for (const code of many) counts.set(code.charAt(position), (counts.get(code.charAt(position)) ?? 0) + 1);
      expect(counts.size, `position ${position}`).toBe(29);
      // 1,000 expected each; a fair source stays within ±20% with overwhelming probability.
      for (const [character, count] of counts) expect(count, `${character} at position ${position}`).toBeGreaterThan(800);
      for (const [character, count] of counts) expect(count, `${character} at position ${position}`).toBeLessThan(1_200);
    }
  });

  it('does not repeat within thousands of codes', () => {
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('the check character', () => {
  const random = seeded(7);
  const samples = Array.from({ length: 200 }, () => characters(generateKitCode(random)));

  it('refuses every single-character substitution as mistyped', () => {
    for (const valid of samples) {
      for (let position = 0; position < 8; position += 1) {
        for (const other of KIT_CODE_ALPHABET) {
          if (other === valid.charAt(position)) continue;
          const typo = valid.slice(0, position) + other + valid.slice(position + 1);
          expect(parseKitCode(asCode(typo)), typo).toEqual({ ok: false, reason: 'check' });
        }
      }
    }
  });

  it('refuses every swap of two neighbouring characters as mistyped', () => {
    for (const valid of samples) {
      for (let position = 0; position < 7; position += 1) {
        if (valid.charAt(position) === valid.charAt(position + 1)) continue;
        const swapped = valid.slice(0, position) + valid.charAt(position + 1) + valid.charAt(position) + valid.slice(position + 2);
        expect(parseKitCode(asCode(swapped)), swapped).toEqual({ ok: false, reason: 'check' });
      }
    }
  });

  it('catches the swap of the first and last characters of the alphabet, which Luhn mod 29 would miss', () => {
    const body = 'A9BCDEF';
    const valid = body + kitCodeCheckCharacter(body);
    expect(parseKitCode(asCode(valid)).ok).toBe(true);
    expect(parseKitCode(asCode(`9A${valid.slice(2)}`))).toEqual({ ok: false, reason: 'check' });
  });

  it('is computed from seven alphabet characters only', () => {
    expect(() => kitCodeCheckCharacter('ABCDEF')).toThrow(RangeError);
    expect(() => kitCodeCheckCharacter('ABCDEFO')).toThrow(RangeError);
  });
});

describe('reading what a person typed', () => {
  const code = generateKitCode(seeded(11));
  const eight = characters(code);

  it.each([
    ['lower case', code.toLowerCase()],
    ['spaces for dashes', code.replace(/-/g, ' ')],
    ['no dashes', code.replace(/-/g, '')],
    ['no prefix', `${eight.slice(0, 4)}-${eight.slice(4)}`],
    ['eight characters alone', eight.toLowerCase()],
    ['spaces around', `  ${code}  `],
  ])('accepts %s', (_name, typed) => {
    expect(parseKitCode(typed)).toEqual({ ok: true, code });
  });

  it.each([
    ['a letter O', 'GUT-ABCO-EFGH'],
    ['a zero', 'GUT-ABC0-EFGH'],
    ['a one', 'GUT-ABC1-EFGH'],
    ['an L', 'GUT-ABCL-EFGH'],
    ['an S', 'GUT-ABCS-EFGH'],
    ['a five', 'GUT-ABC5-EFGH'],
    ['too few characters', 'GUT-ABCD-EFG'],
    ['too many characters', 'GUT-ABCD-EFGHJ'],
    ['another prefix', 'KIT-ABCD-EFGH'],
    ['nothing', ''],
  ])('refuses %s as not a code at all', (_name, typed) => {
    expect(parseKitCode(typed)).toEqual({ ok: false, reason: 'format' });
  });
});
