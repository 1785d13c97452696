/**
 * Evaluates one of the shop's modules in Node during a build, with the build's aliases but none of its plugins, the
 * way the development server would run it.
 */
import { createServer, type AliasOptions } from 'vite';

export async function loadInNode<T>(root: string, alias: AliasOptions, module: string): Promise<T> {
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
    return (await server.ssrLoadModule(module)) as T;
  } finally {
    await server.close();
  }
}
