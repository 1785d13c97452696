/**
 * Chakra's `createSystem` makes a token dictionary on every page before anything renders: it walks the theme's
 * tokens, resolves their references, runs its transforms and builds its lookups. That was the largest part of making
 * the system on a phone. The build does it once instead: it loads the shop's system (src/theme/system.ts) in Node,
 * writes down the dictionary it made, and has Chakra's system restore it from that list
 * (src/theme/token-dictionary.ts) instead of making it; the system's own map of every token waits for its first use.
 * The theme's tokens then serve no purpose in the browser: src/theme/tokens.ts ships as its category names alone,
 * which Chakra's token queries list.
 *
 * Production builds only; the development server and the tests make the dictionary as Chakra does.
 */
import type { TokenDictionary } from '@chakra-styled-system/types';
import type { AliasOptions, Plugin } from 'vite';
import type { TokenSnapshot } from '../../src/theme/token-dictionary.ts';
import { CHAKRA_SYSTEM, SYSTEM_MODULE } from './chakra-global-css.ts';
import { loadAllInNode } from './node-module.ts';

const VIRTUAL_ID = 'virtual:chakra-token-dictionary';
const RESOLVED_ID = '\0chakra-token-dictionary';
const TOKENS_MODULE = '/src/theme/tokens.ts';
const DICTIONARY_MODULE = '/src/theme/token-dictionary.ts';
/** The statements in Chakra's system factory that make the dictionary. */
const DICTIONARY_IMPORT = "import { createTokenDictionary } from './token-dictionary.js';";
const DICTIONARY_CALL = /const tokens = createTokenDictionary\(\{[^}]*\}\);/;
/**
 * The system's own map of every token, which only `system.token()` reads: made on first use, so that the tokens
 * themselves are too (the style props read the dictionary's flat values only).
 */
const TOKEN_MAP = 'const tokenMap = getTokenMap(tokens);';
const LAZY_TOKEN_MAP =
  'let madeTokenMap; const tokenMap = { get: (path) => (madeTokenMap ??= getTokenMap(tokens)).get(path) };';

/** The module src/theme/tokens.ts becomes in the browser: its exports' token categories, with no tokens in them. */
function categoriesOnly(exports: Record<string, unknown>): string {
  const empty = (group: unknown) =>
    Object.fromEntries(Object.keys((group ?? {}) as object).map((category) => [category, {}]));
  return Object.entries(exports)
    .map(([name, value]) => {
      const { theme, ...rest } = value as {
        theme?: { tokens?: unknown; semanticTokens?: unknown };
      };
      if (
        Object.keys(rest).length ||
        Object.keys(theme ?? {}).some((key) => key !== 'tokens' && key !== 'semanticTokens')
      ) {
        throw new Error(`${TOKENS_MODULE}: ${name} holds more than tokens, which the browser would lose`);
      }
      const categories = {
        theme: {
          tokens: empty(theme?.tokens),
          semanticTokens: empty(theme?.semanticTokens),
        },
      };
      return `export const ${name} = ${JSON.stringify(categories)};`;
    })
    .join('\n');
}

export function chakraTokenDictionary(): Plugin {
  let root = process.cwd();
  let alias: AliasOptions = [];
  let made: Promise<{ snapshot: TokenSnapshot; tokensModule: string }> | undefined;
  const make = () =>
    (made ??= loadAllInNode<
      [
        { getSystem: () => { tokens: TokenDictionary } },
        Record<string, unknown>,
        {
          snapshotTokenDictionary: (dictionary: TokenDictionary) => TokenSnapshot;
        },
      ]
    >(root, alias, [SYSTEM_MODULE, TOKENS_MODULE, DICTIONARY_MODULE]).then(([{ getSystem }, tokens, dictionary]) => ({
      snapshot: dictionary.snapshotTokenDictionary(getSystem().tokens),
      tokensModule: categoriesOnly(tokens),
    })));
  return {
    name: 'shop:chakra-token-dictionary',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      alias = config.resolve.alias;
      made = undefined;
    },
    resolveId: {
      filter: { id: new RegExp(`^${VIRTUAL_ID}$`) },
      handler: () => RESOLVED_ID,
    },
    async load(id) {
      if (id === RESOLVED_ID) {
        const { snapshot } = await make();
        return [
          "import { restoreTokenDictionary } from '@/theme/token-dictionary';",
          `export const makeTokenDictionary = () => restoreTokenDictionary(JSON.parse(${JSON.stringify(JSON.stringify(snapshot))}));`,
        ].join('\n');
      }
      if (id === `${root}${TOKENS_MODULE}`) return (await make()).tokensModule;
      return null;
    },
    transform: {
      filter: { id: CHAKRA_SYSTEM },
      handler(code) {
        // Loud rather than silently slow when a new Chakra version words it differently.
        if (!code.includes(DICTIONARY_IMPORT)) this.error(`Chakra's system no longer contains "${DICTIONARY_IMPORT}"`);
        if (!DICTIONARY_CALL.test(code)) this.error("Chakra's system no longer makes its dictionary as expected");
        if (!code.includes(TOKEN_MAP) || code.split('tokenMap').length !== 4) {
          this.error("Chakra's system no longer uses its token map as expected");
        }
        return {
          code: code
            .replace(DICTIONARY_IMPORT, `import { makeTokenDictionary } from '${VIRTUAL_ID}';`)
            .replace(DICTIONARY_CALL, 'const tokens = makeTokenDictionary();')
            .replace(TOKEN_MAP, LAZY_TOKEN_MAP),
          map: null,
        };
      },
    },
  };
}
