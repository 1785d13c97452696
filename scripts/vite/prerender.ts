/**
 * Writes the public pages as HTML beside the build (dist/pages/<path>.html; the home page is dist/pages/index.html),
 * rendered by src/prerender.tsx from its server bundle. The API server sends each for its address
 * (server/plugins/static.ts). Every other address gets index.html, which becomes the shop's frame (header, footer,
 * the page loading), marked `data-frame` for src/boot.tsx.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface PrerenderEntry {
  PRERENDERED_PATHS: readonly string[];
  render(path: string): Promise<string>;
  renderFrame(): Promise<string>;
  site: { brand: string };
}

const ROOT_ELEMENT = '<div id="root"></div>';

/** The first heading's text, which the page's own title is made of (PageTitle sets the same once the script runs). */
function headingOf(markup: string): string | undefined {
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(markup)?.[1];
  return heading?.replace(/<[^>]+>/g, '').trim() || undefined;
}

export async function prerenderPages(options: { outDir: string; serverEntry: string }): Promise<number> {
  const entry = (await import(pathToFileURL(options.serverEntry).href)) as PrerenderEntry;
  const template = await readFile(join(options.outDir, 'index.html'), 'utf8');
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to render into`);
  for (const path of entry.PRERENDERED_PATHS) {
    const rendered = await entry.render(path);
    // React puts the preloads it finds (the page's main picture) first; they belong in the head, outside the
    // markup that the script takes over.
    const preloads = /^(?:<link [^>]*\/>)*/.exec(rendered)?.[0] ?? '';
    const markup = rendered.slice(preloads.length);
    const heading = path === '/' ? undefined : headingOf(markup);
    let html = template
      .replace('</head>', `${preloads}</head>`)
      .replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`);
    if (heading) html = html.replace(/<title>[^<]*<\/title>/, `<title>${heading} | ${entry.site.brand}</title>`);
    const file = join(options.outDir, 'pages', path === '/' ? 'index.html' : `${path.slice(1)}.html`);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, html);
  }
  const frame = await entry.renderFrame();
  await writeFile(join(options.outDir, 'index.html'), template.replace(ROOT_ELEMENT, `<div id="root" data-frame>${frame}</div>`));
  return entry.PRERENDERED_PATHS.length;
}
