/**
 * Chakra's token dictionary, written down by a production build and restored in the browser
 * (scripts/vite/chakra-token-dictionary.ts). Making it walks every token, resolves their references and runs
 * Chakra's token transforms: the largest part of making the shop's system, on every page, before anything renders.
 * Restoring what the style props read is one pass over a list; the tokens themselves are made only when something
 * asks for one (`system.token()`, a colour mix's opacity). The lookups below answer as Chakra's own do
 * (`@chakra-styled-system/token-dictionary`); tests/unit/token-dictionary.test.ts holds them to it.
 *
 * The list leaves out what follows from the rest: a token's path from its name, its variable from its path, a
 * negative spacing's value from the spacing it negates, a semantic token's value from its reference, a pixel size
 * from its rem size, and so on. It writes a field only where the rule below would not give it back exactly, so the
 * rules may be wrong for a token without anything being lost: that token then carries its own value.
 */
import { cssVar } from '@chakra-styled-system/css-var';
import { esc } from '@chakra-styled-system/esc';
import { expandTokenReferences } from '@chakra-styled-system/expand-reference';
import type { Token, TokenDictionary, TokenExtensions } from '@chakra-styled-system/types';

/**
 * What a token holds beyond its name and value, where the rules do not give it. `conditions` is written as its one
 * base value when that is all it holds.
 */
export type SnapshotExtensions = Partial<
  Pick<TokenExtensions, 'condition' | 'default' | 'negative' | 'originalPath' | 'pixelValue' | 'virtual'> & {
    conditions: TokenExtensions['conditions'] | string;
  }
>;

/**
 * One token: its name; its value, or 0 when the rules give it; its CSS variable, its flat value, its extensions and
 * its path, each 0 when the rules give it; its value before Chakra's transforms, when the rules do not give it.
 */
export type SnapshotToken = [
  name: string,
  value: unknown,
  variable?: string | 0,
  flat?: unknown,
  extensions?: SnapshotExtensions | 0,
  path?: string[] | 0,
  originalValue?: unknown,
];

export interface TokenSnapshot {
  prefix: string;
  tokens: SnapshotToken[];
  /** Each palette's entries: the token name's ending under `colors.colorPalette` and the palette, or the entry. */
  colorPalettes: Record<string, (string | [virtualVariable: string, reference: string])[]>;
}

const TOKEN_PATH_REGEX = /\w+\.\w+/;
/** The categories Chakra gives a pixel value (its token middleware's `addPixelUnit`). */
const PIXEL_CATEGORIES = new Set(['spacing', 'sizes', 'borderWidths', 'fontSizes', 'radii']);
const REFERENCE = /\{([^}]*)\}/g;

/*
 * The rules: what a field is when the list leaves it out. They are cheap rather than complete (no escaping, rem
 * sizes only): the list writes whatever they would get wrong.
 */
const CAPITAL = /[A-Z]/g;
/** A path's variable: its segments joined with dashes, capitals dash-cased, as Chakra's `cssVar` writes it. */
const variableOf = (joined: string, prefix: string) =>
  `--${prefix}-${/[A-Z]/.test(joined) ? joined.replace(CAPITAL, (c) => `-${c.toLowerCase()}`) : joined}`;
const referencesExpanded = (value: string, prefix: string) =>
  value.replace(REFERENCE, (_, name: string) => `var(${variableOf(name.replaceAll('.', '-'), prefix)})`);
const pixelsOf = (value: unknown) =>
  typeof value === 'number'
    ? `${value}px`
    : typeof value === 'string' && value.endsWith('rem')
      ? `${parseFloat(value) * 16}px`
      : value;
/**
 * A palette entry as the flat values give it: the virtual `colors.colorPalette` token's variable, and the palette's
 * own token's reference.
 */
const paletteEntry = (palette: string, suffix: string, flatOf: (name: string) => string | undefined) => {
  const end = suffix ? `.${suffix}` : '';
  return [flatOf(`colors.colorPalette${end}`)?.slice(4, -1), flatOf(`colors.${palette}${end}`)];
};

/** One token and its flat value from its row, by the rules where the row leaves a field out. */
function restoreToken(
  [name, storedValue, storedVariable, storedFlat, storedMore, storedPath, ...original]: SnapshotToken,
  prefix: string,
  originalValueOf: (name: string) => unknown,
): { token: Token; flat: string } {
  const more = storedMore || {};
  const { negative, virtual, conditions, pixelValue } = more;
  const path = storedPath || name.split('.');
  const category = path[0] ?? '';
  const originalPath =
    more.originalPath ?? (negative ? [...path.slice(0, -1), (path.at(-1) ?? '').replace(/^-/, '')] : path);
  const variable = storedVariable || variableOf((negative ? originalPath : path).join('-'), prefix);
  const base = typeof conditions === 'string' ? conditions : undefined;
  let value = storedValue;
  if (storedValue === 0) {
    if (negative) value = `calc(var(${variable}) * -1)`;
    else if (virtual) value = name;
    else if (base !== undefined) value = referencesExpanded(base, prefix);
  }
  const extensions: TokenExtensions = {
    condition: more.condition ?? 'base',
    originalPath,
    category,
    prop: path.slice(1).join('.'),
    cssVar: { var: variable, ref: `var(${variable})` },
  };
  if (more.default) extensions.default = true;
  if (negative) extensions.negative = true;
  if (virtual) extensions.virtual = true;
  if (conditions !== undefined)
    extensions.conditions = typeof conditions === 'string' ? { base: conditions } : conditions;
  const pixels = pixelValue ?? (PIXEL_CATEGORIES.has(category) && !negative ? pixelsOf(value) : undefined);
  if (pixels !== undefined) extensions.pixelValue = pixels as string;
  let originalValue = value;
  if (original.length) originalValue = original[0];
  else if (base !== undefined) originalValue = base;
  else if (negative) originalValue = originalValueOf(originalPath.join('.'));
  const flat = storedFlat || (negative && !conditions ? value : extensions.cssVar!.ref);
  return {
    token: { value, originalValue, name, path, extensions },
    flat: flat as string,
  };
}

/** Equal as data, whatever the order of their keys. */
function same(a: unknown, b: unknown): boolean {
  const sorted = (_: string, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([x], [y]) => (x < y ? -1 : 1)))
      : value;
  return JSON.stringify(a, sorted) === JSON.stringify(b, sorted);
}

/** A token without what Chakra's dictionary uses only while it is made. */
const asRead = ({
  extensions: { colorPalette: _palette, references: _references, ...extensions },
  ...token
}: Token) => ({
  ...token,
  extensions,
});

/** The dictionary as a list, for the build. */
export function snapshotTokenDictionary(dictionary: TokenDictionary): TokenSnapshot {
  const { prefix } = dictionary;
  const originalValues = new Map<string, unknown>();
  const originalValueOf = (name: string) => originalValues.get(name);
  const tokens = dictionary.allTokens.map((token): SnapshotToken => {
    const { extensions } = token;
    const more: SnapshotExtensions = {};
    if (extensions.condition !== 'base') more.condition = extensions.condition;
    for (const key of ['default', 'negative', 'virtual'] as const) if (extensions[key]) more[key] = extensions[key];
    const { conditions } = extensions;
    if (conditions) {
      const keys = Object.keys(conditions);
      const base = conditions.base;
      more.conditions =
        keys.length === 1 && typeof base === 'string' && token.originalValue === base ? base : conditions;
    }
    const flat = extensions.negative ? (conditions ? token.originalValue : token.value) : extensions.cssVar?.ref;
    // Each field left out, then written where the rules do not give it back, in the order the rules use them.
    const row: SnapshotToken = [token.name, 0, 0, 0, more, 0];
    const restored = () => restoreToken(row, prefix, originalValueOf);
    if (!same(restored().token.path, token.path)) row[5] = token.path;
    if (!same(restored().token.extensions.originalPath, extensions.originalPath))
      more.originalPath = extensions.originalPath;
    if (restored().token.extensions.cssVar?.var !== extensions.cssVar?.var) row[2] = extensions.cssVar?.var ?? 0;
    if (!same(restored().token.value, token.value) || token.value === 0) row[1] = token.value;
    if (restored().flat !== flat) row[3] = flat;
    if (restored().token.extensions.pixelValue !== extensions.pixelValue) more.pixelValue = extensions.pixelValue;
    if (!same(restored().token.originalValue, token.originalValue)) row[6] = token.originalValue;
    if (!same(asRead(restored().token), asRead(token)))
      throw new Error(`Token ${token.name} is not restored as it was`);
    if (!Object.keys(more).length) row[4] = 0;
    if (flatOfRow(row, prefix) !== flat) throw new Error(`Token ${token.name}'s flat value is not restored as it was`);
    while (row.length > 2 && row.at(-1) === 0 && row.length !== 7) row.pop();
    if (!originalValues.has(token.name)) originalValues.set(token.name, token.originalValue);
    return row;
  });

  const suffixOfVariable = new Map(
    dictionary.allTokens
      .filter((token) => token.extensions.virtual && token.path[0] === 'colors' && token.path[1] === 'colorPalette')
      .map((token) => [token.extensions.cssVar?.var, token.path.slice(2).join('.')]),
  );
  const colorPalettes = Object.fromEntries(
    [...dictionary.colorPaletteMap].map(([palette, entries]) => [
      palette,
      [...entries].map(([variable, reference]) => {
        const suffix = suffixOfVariable.get(variable);
        return suffix !== undefined &&
          same(
            paletteEntry(palette, suffix, (name) => dictionary.flatMap.get(name)),
            [variable, reference],
          )
          ? suffix
          : ([variable, reference] as [string, string]);
      }),
    ]),
  );
  return { prefix, tokens, colorPalettes };
}

function cached<T>(fn: (value: string) => T): (value: string) => T {
  const cache = new Map<string, T>();
  return (value) => {
    if (!cache.has(value)) cache.set(value, fn(value));
    return cache.get(value) as T;
  };
}

function setIn<V>(map: Map<string, Map<string, V>>, key: string, inner: string, value: V): void {
  let entries = map.get(key);
  if (!entries) map.set(key, (entries = new Map()));
  entries.set(inner, value);
}

/**
 * A token's flat value from its row. Most rows are a name and a value, and their flat value is their variable's
 * reference; the rest go through the whole rules.
 */
function flatOfRow(row: SnapshotToken, prefix: string): string {
  const [name, , variable, flat, more, path] = row;
  if (flat) return flat as string;
  if (path || (more && (more.negative || more.originalPath))) return restoreToken(row, prefix, () => undefined).flat;
  return `var(${variable || variableOf(name.replaceAll('.', '-'), prefix)})`;
}

interface Tokens {
  allTokens: Token[];
  tokenMap: Map<string, Token>;
  cssVarMap: Map<string, Map<string, string>>;
  categoryMap: Map<string, Map<string, Token>>;
}

/** The tokens themselves, and Chakra's views of them: made only when something asks for a token, not its value. */
function restoreTokens(rows: SnapshotToken[], prefix: string): Tokens {
  const tokens: Tokens = {
    allTokens: [],
    tokenMap: new Map(),
    cssVarMap: new Map(),
    categoryMap: new Map(),
  };
  const { tokenMap, cssVarMap, categoryMap } = tokens;
  const originalValueOf = (name: string) => tokenMap.get(name)?.originalValue;
  for (const row of rows) {
    const { token } = restoreToken(row, prefix, originalValueOf);
    registerIn(tokens, token);
    // The views Chakra's dictionary builds from each token, in its order and by its rules.
    const { value, extensions } = token;
    const { category, prop, conditions, condition, negative, virtual } = extensions;
    const existing = categoryMap.get(category)?.get(prop);
    if (condition == null || condition === 'base' || (conditions && !existing))
      setIn(categoryMap, category, prop, token);
    if (!negative && !virtual && condition && value !== '') {
      setIn(cssVarMap, condition, extensions.cssVar!.var, value as string);
    }
  }
  return tokens;
}

function registerIn({ allTokens, tokenMap }: Tokens, token: Token): void {
  allTokens.push(token);
  if (token.extensions.condition === 'base' || !tokenMap.has(token.name)) tokenMap.set(token.name, token);
}

/**
 * The dictionary again, from the list. What every style prop reads (the flat values, by name and by category, and
 * the colour palettes) is made at once; the tokens themselves when first asked for.
 */
export function restoreTokenDictionary({ prefix, tokens: rows, colorPalettes }: TokenSnapshot): TokenDictionary {
  const flatMap = new Map<string, string>();
  const byCategory: Record<string, Record<string, string>> = {};
  for (const row of rows) {
    const name = row[0];
    const flat = flatOfRow(row, prefix);
    const path = row[5];
    const dot = name.indexOf('.');
    const category = path ? (path[0] ?? '') : name.slice(0, dot);
    const prop = path ? path.slice(1).join('.') : name.slice(dot + 1);
    (byCategory[category] ??= {})[prop] = flat;
    flatMap.set(name, flat);
  }
  const getVar = (value: string, fallback?: string) => flatMap.get(value) ?? fallback;
  const colorPaletteMap = new Map(
    Object.entries(colorPalettes).map(([palette, entries]) => [
      palette,
      new Map(
        entries.map(
          (entry) => (typeof entry === 'string' ? paletteEntry(palette, entry, getVar) : entry) as [string, string],
        ),
      ),
    ]),
  );

  let made: Tokens | undefined;
  const tokens = () => (made ??= restoreTokens(rows, prefix));
  const getByName = (name: string) => tokens().tokenMap.get(name);
  const colorMix = (value: string) => {
    const [colorPath, rawOpacity] = value.split('/');
    if (!colorPath || !rawOpacity) return { invalid: true, value: colorPath };
    const opacity = getByName(`opacity.${rawOpacity}`)?.value;
    if (!opacity && isNaN(Number(rawOpacity))) return { invalid: true, value: colorPath };
    const percent = opacity ? `${Number(opacity) * 100}%` : `${rawOpacity}%`;
    return {
      invalid: false,
      value: `color-mix(in srgb, ${getVar(colorPath) ?? colorPath} ${percent}, transparent)`,
    };
  };
  const expandReferenceInValue = cached((value: string) =>
    expandTokenReferences(value, (path) => {
      if (!path) return;
      if (path.includes('/')) {
        const mix = colorMix(path);
        if (mix.invalid) throw new Error(`Invalid color mix at ${path}: ${mix.value}`);
        return mix.value;
      }
      const resolved = getVar(path);
      if (resolved) return resolved;
      return TOKEN_PATH_REGEX.test(path) ? esc(path) : path;
    }),
  );

  return {
    prefix,
    get allTokens() {
      return tokens().allTokens;
    },
    get tokenMap() {
      return tokens().tokenMap;
    },
    get cssVarMap() {
      return tokens().cssVarMap;
    },
    get categoryMap() {
      return tokens().categoryMap;
    },
    registerToken: (token: Token) => registerIn(tokens(), token),
    getByName,
    formatTokenName: (path: string[]) => path.join('.'),
    formatCssVar: (path: string[], cssPrefix: string) => cssVar(path.join('-'), { prefix: cssPrefix }),
    flatMap,
    colorPaletteMap,
    getVar,
    getCategoryValues: (category: string) => byCategory[category] || null,
    expandReferenceInValue,
  } as TokenDictionary;
}
