/**
 * The signed-in pages' own files, listed in index.html (`<script type="application/json" id="page-chunks">`), so that
 * src/main.tsx can ask for them together with the shell the moment the frame has painted (src/lib/page-chunks.ts).
 * Without the list a page's code waits for the shell to arrive and run, and for the router to find the page: a round
 * trip more on a phone's network before the page can render. Listed: each page's route chunks and what they import,
 * and the parts every page loads after its first paint (the actors, the query client), minus the shell's own files.
 */
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** The route files of each page, outermost first, and the modules every signed-in page loads after its first paint. */
export interface PageChunksOptions {
  pages: Record<string, readonly string[]>;
  everyPage: readonly string[];
}

export const PAGE_CHUNKS_ID = 'page-chunks';

export function pageChunks({ pages, everyPage }: PageChunksOptions): Plugin {
  return {
    name: 'shop:page-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      order: 'post',
      handler(_options, bundle: OutputBundle) {
        const html = bundle['index.html'] as OutputAsset | undefined;
        if (!html) return;
        const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return;
          into.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
        };
        const moduleOf = (chunk: OutputChunk) => chunk.facadeModuleId?.replace(/\\/g, '/') ?? '';
        // The route's main split (its component and loader), not its error and not-found components.
        // A module grouped with others (the parts every page loads after its first paint) is in a chunk it is not
        // the face of.
        const chunksOf = (module: string) => {
          const faced = chunks.filter((chunk) => {
            const id = moduleOf(chunk);
            const [path, query = ''] = id.split('?');
            return path!.endsWith(`/${module}`) && (query === '' || /tsr-split=component/.test(query));
          });
          return faced.length
            ? faced
            : chunks.filter((chunk) => chunk.moduleIds.some((id) => id.replace(/\\/g, '/').endsWith(`/${module}`)));
        };

        // What the page has already: the entry and the shell it imports.
        const loaded = new Set<string>();
        for (const chunk of chunks.filter((c) => c.isEntry)) {
          closure(chunk.fileName, loaded);
          for (const dynamic of chunk.dynamicImports) closure(dynamic, loaded);
        }

        const listed: Record<string, string[]> = {};
        for (const [page, modules] of Object.entries(pages)) {
          const files = new Set<string>();
          for (const module of [...everyPage, ...modules]) {
            const found = chunksOf(module);
            if (found.length === 0) this.error(`page-chunks: no chunk for ${module} (${page})`);
            for (const chunk of found) closure(chunk.fileName, files);
          }
          listed[page] = [...files].filter((file) => !loaded.has(file) && file.endsWith('.js'));
        }
        const json = JSON.stringify(listed).replace(/</g, '\\u003c');
        html.source = String(html.source).replace(
          '</body>',
          `<script type="application/json" id="${PAGE_CHUNKS_ID}">${json}</script></body>`,
        );
      },
    },
  };
}
