/**
 * Evaluates some of the shop's modules in Node during a build, with the build's aliases but none of its plugins, the
 * way the development server would run them.
 */
import { createServer, type AliasOptions } from 'vite';

export async function loadAllInNode<T extends unknown[]>(
  root: string,
  alias: AliasOptions,
  modules: { [K in keyof T]: string },
): Promise<T> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    resolve: { alias },
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const loaded: unknown[] = [];
    for (const module of modules) loaded.push(await server.ssrLoadModule(module));
    return loaded as T;
  } finally {
    await server.close();
  }
}

export async function loadInNode<T>(root: string, alias: AliasOptions, module: string): Promise<T> {
  const [loaded] = await loadAllInNode<[T]>(root, alias, [module]);
  return loaded;
}
