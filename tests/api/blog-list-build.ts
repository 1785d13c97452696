/**
 * /blogs-list as the build writes it (scripts/vite/prerender.ts), made here from the same components: the page with
 * its list loading (pages/blogs-list.html) and the template the server fills in (templates/blogs-list.html).
 */
import { embeddedAnswerElement, hoistStyles } from '../../scripts/vite/prerender';
import type { EmbeddedAnswer } from '../../src/lib/embedded-answer';
import { PAGE_TEMPLATES, render, renderWithAnswer } from '../../src/prerender';

export function document(markup: string): string {
  const { styles, markup: root } = hoistStyles(markup);
  return `<!doctype html><html lang="en"><head><title>Blogs | Gut360 Health</title>${styles}</head><body><div id="root">${root}</div></body></html>`;
}

/** The markup inside #root of a page `document` made. */
export function rootOf(html: string): string {
  return /<div id="root">([\s\S]*)<\/div><\/body>/.exec(html.replace(/<script type="application\/json" id="embedded-answer">[^<]*<\/script>/, ''))?.[1] ?? '';
}

/** The page as React renders it when it came with `answer` (the list's first page). */
export async function renderedWith(answer: EmbeddedAnswer): Promise<string> {
  return document((await renderWithAnswer('/blogs-list', answer)).markup);
}

export async function blogListBuild(): Promise<{ page: string; template: string }> {
  const sample = PAGE_TEMPLATES['/blogs-list'];
  if (!sample) throw new Error('no template of /blogs-list');
  const page = document((await render('/blogs-list')).markup);
  const template = (await renderedWith(sample)).replace('</body>', `${embeddedAnswerElement(sample)}</body>`);
  return { page, template };
}
