/**
 * index.html fetches the shop's code (src/boot.tsx and what it imports) from the start, beside the page, although
 * src/main.tsx runs it only after the first paint. A plain `preload` only downloads, after what that paint needs:
 * the phone spends no time compiling it before the paint (a `modulepreload` would).
 */
import type { Plugin } from 'vite';

export function preloadBoot(bootModule: string): Plugin {
  return {
    name: 'shop:preload-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
        const boot = chunks.find((chunk) => chunk.moduleIds.includes(bootModule));
        if (!boot) throw new Error(`the build has no chunk for ${bootModule}`);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) visit(imported);
        };
        visit(boot.fileName);
        // The entry's own imports are module-preloaded by Vite already.
        const entryImports = new Set(ctx.chunk?.imports ?? []);
        const links = [...files].filter((file) => !entryImports.has(file)).map((file) => ({
          tag: 'link',
          // Low priority: the stylesheet and the page's pictures, which the first paint needs, go first.
          attrs: { rel: 'preload', as: 'script', crossorigin: true, fetchpriority: 'low', href: `/${file}` },
          injectTo: 'head' as const,
        }));
        return { html, tags: links };
      },
    },
  };
}
