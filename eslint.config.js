import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Imports flow one way (DESIGN §3): `machines/` and `openapi/` are shared leaves; `src/lib`, `src/components` and
 * `src/theme` are shared by the features; a feature imports neither another feature (routes compose them) nor
 * `src/app`; `server/` never imports `src/`.
 */
const zones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: compose them in a route, or move the shared part to src/lib or src/components.',
  })),
  {
    target: ['./src/features', './src/lib', './src/components', './src/theme'],
    from: './src/app',
    message: 'Only src/app composes the shop: what a feature or shared module needs belongs in src/lib.',
  },
  {
    target: ['./src/lib', './src/components', './src/theme'],
    from: './src/features',
    message: 'Shared modules never import a feature.',
  },
  {
    target: ['./machines', './openapi'],
    from: ['./src', './server', './tests'],
    message: 'machines/ and openapi/ are shared leaves: pure, importable by the SPA and the server alike.',
  },
  { target: './server', from: ['./src', './tests'], message: 'The server never imports the SPA.' },
  { target: './src', from: ['./server', './tests'], message: 'The SPA never imports the server.' },
];

export default tseslint.config(
  {
    ignores: ['.tmp*', 'dist/', 'dist-server/', '.data/', 'coverage/', 'test-results/', 'playwright-report/', 'node_modules/', 'src/app/routeTree.gen.ts', 'openapi/schema.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'server/**/*.ts', 'openapi/**/*.ts', 'tests/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.configs.recommended,
  },
  {
    files: ['tests/ui/**/*.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
    rules: {
      ...testingLibrary.configs['flat/react'].rules,
      // Vitest's globals are off, so Testing Library cannot register its own cleanup: tests/ui/setup.ts calls it.
      'testing-library/no-manual-cleanup': 'off',
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.mjs', 'tests/**/*.ts', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
