/**
 * The token dictionary a production build ships made (scripts/vite/chakra-token-dictionary.ts) answers as the one
 * Chakra makes in the browser: every lookup, every view, and every style prop resolved through it.
 */
import { createUtility } from '@chakra-styled-system/utility';
import type { Token, TokenDictionary } from '@chakra-styled-system/types';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { describe, expect, it } from 'vitest';
import { getSystem } from '../../src/theme/system';
import { restoreTokenDictionary, snapshotTokenDictionary } from '../../src/theme/token-dictionary';

const made = getSystem().tokens as TokenDictionary;
// Through JSON, as the build writes it.
const snapshot = JSON.parse(JSON.stringify(snapshotTokenDictionary(made))) as ReturnType<
  typeof snapshotTokenDictionary
>;
const restored = restoreTokenDictionary(snapshot);

/** A token as the running shop can read it: what the dictionary uses only while it is made left out. */
function readable({ extensions, ...token }: Token) {
  const { colorPalette: _palette, references: _references, ...rest } = extensions;
  return { ...token, extensions: rest };
}

const plain = <V>(map: Map<string, Map<string, V>>) => [...map].map(([key, inner]) => [key, [...inner]]);

describe("the build's token dictionary", () => {
  it('holds every token of the one Chakra makes, in its order', () => {
    expect(made.allTokens.length).toBeGreaterThan(400);
    expect(restored.allTokens.map(readable)).toEqual(made.allTokens.map(readable));
    expect([...restored.tokenMap.keys()]).toEqual([...made.tokenMap.keys()]);
    for (const name of made.tokenMap.keys())
      expect(readable(restored.getByName(name)!)).toEqual(readable(made.getByName(name)!));
    expect(restored.prefix).toBe('chakra');
  });

  it('has the same views: flat values, categories, CSS variables, colour palettes', () => {
    expect([...restored.flatMap]).toEqual([...made.flatMap]);
    expect(plain(restored.cssVarMap)).toEqual(plain(made.cssVarMap));
    expect(plain(restored.colorPaletteMap)).toEqual(plain(made.colorPaletteMap));
    expect(
      [...restored.categoryMap].map(([key, map]) => [key, [...map].map(([prop, token]) => [prop, token.name])]),
    ).toEqual([...made.categoryMap].map(([key, map]) => [key, [...map].map(([prop, token]) => [prop, token.name])]));
    for (const category of [...made.categoryMap.keys(), 'nothing']) {
      expect(restored.getCategoryValues(category)).toEqual(made.getCategoryValues(category));
    }
    for (const name of [...made.flatMap.keys(), 'colors.nothing.500']) {
      expect(restored.getVar(name, 'fallback')).toBe(made.getVar(name, 'fallback'));
    }
  });

  it('expands references in values the same way', () => {
    const values = [
      '{colors.red.500}',
      '{colors.brand.solid}',
      '1px solid {colors.border}',
      'token(colors.gray.200, red)',
      'token(spacing.4)',
      'calc({spacing.4} + 1px)',
      '{colors.blue.500/40}',
      '{colors.nothing.500}',
      'token(sizes.nothing, var(--x, var(--y, 2px)))',
      'plain',
      'nothing.here',
    ];
    for (const value of values) expect(restored.expandReferenceInValue(value)).toBe(made.expandReferenceInValue(value));
    expect(() => restored.expandReferenceInValue('{colors.red.500/none}')).toThrow(/Invalid color mix/);
    expect(() => made.expandReferenceInValue('{colors.red.500/none}')).toThrow(/Invalid color mix/);
  });

  it('resolves every style prop to the same CSS', () => {
    const config = (
      defaultBaseConfig as {
        utilities: Parameters<typeof createUtility>[0]['config'];
      }
    ).utilities;
    const ours = createUtility({ config, tokens: restored });
    const chakras = createUtility({ config, tokens: made });
    const props = chakras.keys();
    expect(props.length).toBeGreaterThan(300);
    const values = [
      ...new Set([
        ...[...made.categoryMap.values()].flatMap((map) => [...map.keys()]),
        'red',
        '2px',
        '{colors.red.500}',
        'red.500/50',
        'brand',
        'sm',
      ]),
    ];
    let compared = 0;
    for (const prop of props) {
      for (const value of values) {
        let expected: unknown;
        try {
          expected = chakras.transform(prop, value);
        } catch (error) {
          expect(() => ours.transform(prop, value)).toThrow((error as Error).message);
          continue;
        }
        expect([prop, value, ours.transform(prop, value)]).toEqual([prop, value, expected]);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(100_000);
  });
});
