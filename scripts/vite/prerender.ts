/**
 * Writes the public pages as HTML beside the build (dist/pages/<path>.html; the home page is dist/pages/index.html),
 * rendered by src/prerender.tsx from its server bundle. The API server sends each for its address
 * (server/plugins/static.ts). Every other address gets index.html, which becomes the shop's frame (header, footer,
 * the page loading), marked `data-frame` for src/boot.tsx; the signed-in pages with a frame of their own (their heading,
 * the words that are the same for everyone and skeletons, src/prerender.tsx) get it from frames/<path>.html. The
 * router's addresses go to routes.json, so that the server answers any other address with 404 and 404.html: the frame
 * titled as the not-found page the script then shows.
 * The pages the server fills in with what it knows (the blog list's first page of posts) are rendered once more from
 * a sample answer, with that answer beside them, into templates/<path>.html (server/plugins/list-page.ts); the home
 * page and the kits' pages, filled in with the catalogue, into templates/catalogue/<name>.html
 * (server/plugins/catalogue-page.ts).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface HeadTag {
  kind: 'meta' | 'link';
  key: 'name' | 'property' | 'rel';
  id: string;
  value: string;
}

interface EmbeddedAnswer {
  operationId: string;
  key: string;
  answer: unknown;
}

interface Rendered {
  markup: string;
  head?: { title: string; tags: HeadTag[] };
}

interface PrerenderEntry {
  PRERENDERED_PATHS: readonly string[];
  PAGE_TEMPLATES: Readonly<Record<string, EmbeddedAnswer>>;
  CATALOGUE_TEMPLATES: Readonly<Record<string, { path: string; answer: EmbeddedAnswer }>>;
  render(path: string): Promise<Rendered>;
  renderWithAnswer(path: string, answer: EmbeddedAnswer): Promise<Rendered>;
  renderFrame(): Promise<string>;
  SIGNED_IN_FRAME_PATHS: readonly string[];
  renderSignedInFrame(path: string): Promise<string>;
  routePaths(): string[];
  site: { brand: string };
  NOT_FOUND_TITLE: string;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/** The router's addresses beside the build, as server/plugins/static.ts reads them. */
const ROUTE_MANIFEST = 'routes.json';

/** Where the pages rendered from a sample answer go, each as templates/<path>.html, for the server to fill in. */
const TEMPLATES_DIR = 'templates';

/** The signed-in pages' own frames go to frames/<path>.html (server/plugins/static.ts sends each for its address). */
const FRAMES_DIR = 'frames';

/** The pages filled in with the catalogue go to templates/catalogue/<name>.html (server/plugins/catalogue-page.ts). */
const CATALOGUE_TEMPLATES_DIR = 'catalogue';

/** The first heading's text, which the page's own title is made of (PageTitle sets the same once the script runs). */
function headingOf(markup: string): string | undefined {
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(markup)?.[1];
  return heading?.replace(/<[^>]+>/g, '').trim() || undefined;
}

/**
 * Emotion renders each component's styles as a `<style>` just before its markup. In the browser, Emotion moves every
 * one of them into the head before the takeover, one at a time, and the browser recomputes the page's styles after
 * each move. They go to the head here instead, as one `<style>` per Emotion key, in the order they were rendered and
 * marked as already moved (`data-s`); Emotion registers them from there as its own.
 */
export function hoistStyles(markup: string): { styles: string; markup: string } {
  const tags: { key: string; names: string; css: string }[] = [];
  const rest = markup.replace(/<style data-emotion="([^" ]+) ([^"]*)">([\s\S]*?)<\/style>/g, (_, key: string, names: string, css: string) => {
    tags.push({ key, names, css });
    return '';
  });
  const tag = (key: string, names: string, css: string) => `<style data-emotion="${key} ${names}" data-s="">${css}</style>`;
  // Global styles keep a tag each, as Emotion's <Global> looks each one up by its name.
  const globals = tags.filter(({ key }) => key.endsWith('-global')).map(({ key, names, css }) => tag(key, names, css));
  const byKey = new Map<string, { names: string[]; css: string[] }>();
  for (const { key, names, css } of tags.filter(({ key }) => !key.endsWith('-global'))) {
    const sheet = byKey.get(key) ?? { names: [], css: [] };
    byKey.set(key, sheet);
    sheet.names.push(names);
    sheet.css.push(css);
  }
  const sheets = [...byKey].map(([key, { names, css }]) => tag(key, names.join(' '), css.join('')));
  return { styles: [...globals, ...sheets].join(''), markup: rest };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The page's own title and tags in the template's head: a tag the template has (the description) takes the page's
 * value, the others are added before the head closes.
 */
export function writeHead(html: string, head: { title: string; tags: HeadTag[] }): string {
  let out = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(head.title)}</title>`);
  for (const tag of head.tags) {
    const attribute = tag.kind === 'link' ? 'href' : 'content';
    const element = `<${tag.kind} ${tag.key}="${tag.id}" ${attribute}="${escapeAttribute(tag.value)}" />`;
    const existing = new RegExp(`<${tag.kind} ${tag.key}="${tag.id.replace(/[.:]/g, '\\$&')}"[^>]*>`);
    out = existing.test(out) ? out.replace(existing, element) : out.replace('</head>', `${element}</head>`);
  }
  return out;
}

/** The answer a page comes with, as server/plugins/page-content.ts writes it: `<` escaped, so that nothing ends the element. */
export function embeddedAnswerElement(answer: EmbeddedAnswer): string {
  return `<script type="application/json" id="embedded-answer">${JSON.stringify(answer).replace(/</g, '\\u003c')}</script>`;
}

export async function prerenderPages(options: { outDir: string; serverEntry: string }): Promise<number> {
  const entry = (await import(pathToFileURL(options.serverEntry).href)) as PrerenderEntry;
  const template = await readFile(join(options.outDir, 'index.html'), 'utf8');
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to render into`);
  const pageHtml = (path: string, { markup: rendered, head }: Rendered) => {
    // React puts the preloads it finds (the page's main picture) first; they belong in the head, outside the
    // markup that the script takes over.
    const preloads = /^(?:<link [^>]*\/>)*/.exec(rendered)?.[0] ?? '';
    const { styles, markup } = hoistStyles(rendered.slice(preloads.length));
    const heading = path === '/' ? undefined : headingOf(markup);
    let html = template
      // The signed-in pages' file lists (page-chunks.ts) are for the frame only.
      .replace(/<script type="application\/json" id="page-chunks">[^<]*<\/script>/, '')
      .replace('</head>', `${preloads}${styles}</head>`)
      .replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`);
    if (head) html = writeHead(html, head);
    else if (heading) html = html.replace(/<title>[^<]*<\/title>/, `<title>${heading} | ${entry.site.brand}</title>`);
    return html;
  };
  const write = async (file: string, html: string) => {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, html);
  };
  for (const path of entry.PRERENDERED_PATHS) {
    await write(join(options.outDir, 'pages', path === '/' ? 'index.html' : `${path.slice(1)}.html`), pageHtml(path, await entry.render(path)));
  }
  for (const [path, answer] of Object.entries(entry.PAGE_TEMPLATES)) {
    // With its sample answer where the server puts the real one.
    const html = pageHtml(path, await entry.renderWithAnswer(path, answer)).replace('</body>', `${embeddedAnswerElement(answer)}</body>`);
    await write(join(options.outDir, TEMPLATES_DIR, `${path.slice(1)}.html`), html);
  }
  for (const [name, { path, answer }] of Object.entries(entry.CATALOGUE_TEMPLATES)) {
    const html = pageHtml(path, await entry.renderWithAnswer(path, answer)).replace('</body>', `${embeddedAnswerElement(answer)}</body>`);
    await write(join(options.outDir, TEMPLATES_DIR, CATALOGUE_TEMPLATES_DIR, `${name}.html`), html);
  }
  // A frame keeps the signed-in pages' file lists: src/lib/early-answers.ts reads them on the page it is for.
  const frameHtml = (rendered: string) => {
    const { styles, markup } = hoistStyles(rendered);
    return template.replace('</head>', `${styles}</head>`).replace(ROOT_ELEMENT, `<div id="root" data-frame>${markup}</div>`);
  };
  for (const path of entry.SIGNED_IN_FRAME_PATHS) {
    const html = frameHtml(await entry.renderSignedInFrame(path));
    const heading = headingOf(html);
    await write(
      join(options.outDir, FRAMES_DIR, `${path.slice(1)}.html`),
      heading ? html.replace(/<title>[^<]*<\/title>/, `<title>${heading} | ${entry.site.brand}</title>`) : html,
    );
  }
  const frame = frameHtml(await entry.renderFrame());
  await writeFile(join(options.outDir, 'index.html'), frame);
  await writeFile(join(options.outDir, ROUTE_MANIFEST), `${JSON.stringify(entry.routePaths())}\n`);
  const notFoundTitle = `<title>${entry.NOT_FOUND_TITLE} | ${entry.site.brand}</title>`;
  await writeFile(join(options.outDir, '404.html'), frame.replace(/<title>[^<]*<\/title>/, notFoundTitle));
  return entry.PRERENDERED_PATHS.length;
}
