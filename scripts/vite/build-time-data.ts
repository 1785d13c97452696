/**
 * Modules that are data: a production build ships what each export evaluates to, as JSON, instead of the code that
 * makes it and the larger data it is picked from. The theme (src/theme/config.ts) takes five of Chakra's colour
 * palettes in their light mode out of every palette in both modes; the browser gets only the five. `JSON.parse` of
 * a string also reads faster on a phone than the same object written as code.
 *
 * An export that is not plain data (a function, `undefined`, a class instance) stops the build, so that nothing is
 * lost silently; the development server runs the modules as they are.
 */
import type { AliasOptions, Plugin } from 'vite';
import { loadInNode } from './node-module.ts';

function assertPlainData(value: unknown, path: string): void {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => assertPlainData(item, `${path}[${index}]`));
    return;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, child] of Object.entries(value)) assertPlainData(child, `${path}.${key}`);
    return;
  }
  throw new Error(`${path} is not plain data (${typeof value}), so it cannot be shipped as JSON`);
}

/** `modules`: paths from the project's root, such as `/src/theme/config.ts`. */
export function buildTimeData(modules: readonly string[]): Plugin {
  let root = process.cwd();
  let alias: AliasOptions = [];
  const cache = new Map<string, Promise<string>>();
  const dataOf = (module: string) => {
    let code = cache.get(module);
    if (!code) {
      code = loadInNode<Record<string, unknown>>(root, alias, module).then((exports) =>
        Object.entries(exports)
          .map(([name, value]) => {
            assertPlainData(value, `${module}: ${name}`);
            return `export const ${name} = /* @__PURE__ */ JSON.parse(${JSON.stringify(JSON.stringify(value))});`;
          })
          .join('\n'),
      );
      cache.set(module, code);
    }
    return code;
  };
  const ids = new Map(modules.map((module) => [module, module]));
  return {
    name: 'shop:build-time-data',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      alias = config.resolve.alias;
      cache.clear();
      for (const module of modules) ids.set(`${root}${module}`, module);
    },
    load(id) {
      const module = ids.get(id);
      return module ? dataOf(module) : null;
    },
  };
}
