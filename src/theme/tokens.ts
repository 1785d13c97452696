/**
 * The shop's tokens: the base config's, cut to what the shop uses. They are the input of Chakra's token dictionary
 * only. A production build makes that dictionary once, in Node, and ships it made
 * (scripts/vite/chakra-token-dictionary.ts); the browser then gets this module as its category names alone.
 */
import { defineConfig } from '@chakra-ui/react/styled-system';
import { semanticColors } from '@chakra-theme/semantic-tokens/colors';
import { semanticRadii } from '@chakra-theme/semantic-tokens/radii';
import { semanticShadows } from '@chakra-theme/semantic-tokens/shadows';
import { animations } from '@chakra-theme/tokens/animations';
import { aspectRatios } from '@chakra-theme/tokens/aspect-ratios';
import { blurs } from '@chakra-theme/tokens/blurs';
import { borders } from '@chakra-theme/tokens/borders';
import { colors } from '@chakra-theme/tokens/colors';
import { cursor } from '@chakra-theme/tokens/cursor';
import { durations } from '@chakra-theme/tokens/durations';
import { easings } from '@chakra-theme/tokens/easings';
import { fontSizes } from '@chakra-theme/tokens/font-sizes';
import { fontWeights } from '@chakra-theme/tokens/font-weights';
import { fonts } from '@chakra-theme/tokens/fonts';
import { letterSpacings } from '@chakra-theme/tokens/letter-spacing';
import { lineHeights } from '@chakra-theme/tokens/line-heights';
import { radii } from '@chakra-theme/tokens/radius';
import { sizes } from '@chakra-theme/tokens/sizes';
import { spacing } from '@chakra-theme/tokens/spacing';
import { zIndices } from '@chakra-theme/tokens/z-indices';

/** The colour palettes the shop uses; the others would only add CSS variables for the phone to parse. */
const PALETTES = ['gray', 'red', 'orange', 'green', 'blue'] as const;
const pick = <T extends object>(source: T, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(source).filter(([key]) => keys.includes(key))) as Partial<T>;

type Tokens = Record<string, unknown>;

/**
 * The shop has no dark mode: a semantic token keeps its light value only. Each dark value would be one more token for
 * the dictionary, and one more CSS variable that no page uses.
 */
function lightOnly<T extends Tokens>(tokens: T): T {
  const light = (node: unknown): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    const { value } = node as { value?: unknown };
    if (typeof value === 'object' && value !== null && '_light' in value) return { ...node, value: value._light };
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, light(child)]));
  };
  return light(tokens) as T;
}

export const shopTokens = defineConfig({
  theme: {
    tokens: {
      aspectRatios,
      animations,
      blurs,
      borders,
      colors: {
        ...pick(colors, ['transparent', 'current', 'black', 'white', 'whiteAlpha', 'blackAlpha', ...PALETTES]),
        brand: {
          50: { value: '#eef8f1' },
          100: { value: '#d3eedb' },
          200: { value: '#a7dcb8' },
          300: { value: '#72c490' },
          400: { value: '#41a86a' },
          500: { value: '#238a4f' },
          600: { value: '#1a7041' },
          700: { value: '#155a35' },
          800: { value: '#12472b' },
          900: { value: '#0d3520' },
          950: { value: '#072013' },
        },
      },
      cursor,
      durations,
      easings,
      fonts,
      fontSizes,
      fontWeights,
      letterSpacings,
      lineHeights,
      radii,
      sizes,
      spacing,
      zIndex: zIndices,
    },
    semanticTokens: {
      colors: {
        ...lightOnly(pick(semanticColors, ['bg', 'fg', 'border', ...PALETTES])),
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
      shadows: lightOnly(semanticShadows),
      radii: semanticRadii,
    },
  },
});
