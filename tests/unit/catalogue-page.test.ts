/**
 * The home page and the kits' pages as the server sends them (server/plugins/catalogue-page.ts): the build's
 * template filled in with the catalogue must be, to the character, what React renders from the same answer, or the
 * shop's script could not take the markup over as its own.
 */
import { describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { embeddedAnswerElement } from '../../scripts/vite/prerender';
import { homeTemplate, kitPageTemplate } from '../../server/plugins/catalogue-page';
import { CATALOGUE_TEMPLATES, render, renderWithAnswer } from '../../src/prerender';
import { document, rootOf } from '../api/blog-list-build';

type Product = components['schemas']['Product'];

const kit = (code: string, slug: string, name: string, price: number, actualPrice: number, summary = `What ${name} tells you.`): Product => ({
  _id: `id-${slug}`,
  code,
  name,
  slug,
  summary,
  price,
  actual_price: actualPrice,
  image: `/images/products/${slug}.svg`,
});

const HOSTILE = 'Curd & rice </script><script>alert(1)</script> <!-- "dahi" isn\'t <b>bad</b>';

const CATALOGUE: Product[] = [
  kit('PROD-G3G-LITE', 'gut360-start', 'Gut Start', 499900, 999900),
  kit('PROD-G360', 'gut360', 'Gut 360', 1499950, 1499950, HOSTILE),
  kit('PROD-GSENS', 'gutsens', 'Gut SEnS & <Sleep>', 999900, 1299900),
  kit('PROD-IBS-HEAL', 'ibs-heal', 'Gut Heal', 1199900, 1599900),
  kit('PROD-NEW', 'family-pack', 'Family pack', 10000000, 10000000),
];

const answerOf = (products: readonly Product[]) => ({ operationId: 'listProducts', key: 'all', answer: products });

/** A template as the build writes it: the page rendered from its sample, the sample beside it. */
async function templateOf(name: string): Promise<string> {
  const template = CATALOGUE_TEMPLATES[name];
  if (!template) throw new Error(`no template ${name}`);
  return document((await renderWithAnswer(template.path, template.answer)).markup).replace('</body>', `${embeddedAnswerElement(template.answer)}</body>`);
}

async function renderedWith(path: string, products: readonly Product[]): Promise<string> {
  return rootOf(document((await renderWithAnswer(path, answerOf(products))).markup));
}

describe('the home page filled in by the server', () => {
  it('is what React renders from the same answer: each kit with its name, summary, price and link', async () => {
    const template = homeTemplate(await templateOf('index'));
    for (const products of [CATALOGUE, CATALOGUE.slice(1, 2), CATALOGUE.slice(0, 1), []]) {
      const filled = template.fill(products) ?? '';
      expect(rootOf(filled)).toBe(await renderedWith('/', products));
    }
  });

  it('shows every kit, its price and its list price, and carries the answer it was made from', async () => {
    const html = homeTemplate(await templateOf('index')).fill(CATALOGUE) ?? '';
    expect(html).not.toContain('⟦');
    for (const text of ['>Gut Start<', '>₹4,999', '₹9,999</s>', '>₹14,999.50<', '>Gut SEnS &amp; &lt;Sleep&gt;<', 'href="/products/family-pack"', '>₹1,00,000<']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('Curd &amp; rice &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- &quot;dahi&quot; isn&#x27;t &lt;b&gt;bad&lt;/b&gt;');
    const json = /<script type="application\/json" id="embedded-answer">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(json).not.toMatch(/<\/script|<!--/i);
    expect(JSON.parse(json)).toEqual(answerOf(CATALOGUE));
    expect(html.match(/<script[\s\S]*?<\/script>/g)).toHaveLength(1);
  });

  it('is not filled in for a kit without a name: the page keeps its kits loading', async () => {
    const template = homeTemplate(await templateOf('index'));
    expect(template.fill([{ ...CATALOGUE[0]!, name: '' }])).toBeUndefined();
  });

  it('refuses a template whose markup is not as the server expects', async () => {
    const html = await templateOf('index');
    expect(() => homeTemplate(html.replace('aria-busy="false"', 'aria-busy="true"'))).toThrow(/grid of kits/);
    expect(() => homeTemplate(html.replace(/id="embedded-answer">[^<]*/, 'id="embedded-answer">null'))).toThrow(/catalogue/);
  });
});

describe('a kit’s page filled in by the server', () => {
  const templatesOf = async (path: string) => [kitPageTemplate(await templateOf(`${path}.reduced`)), kitPageTemplate(await templateOf(`${path}.plain`))];
  const fill = (templates: Awaited<ReturnType<typeof templatesOf>>, products: readonly Product[]) =>
    templates.map((template) => template.fill(products)).find((html) => html !== undefined);

  it.each(['products/gut360-start', 'products/gut360', 'products/gutsens', 'products/ibs-heal', 'landing-page'])(
    '/%s is what React renders from the same answer, sold below its list price or at it',
    async (path) => {
      const templates = await templatesOf(path);
      const atListPrice = CATALOGUE.map((product) => ({ ...product, price: product.actual_price }));
      for (const products of [CATALOGUE, atListPrice]) {
        const filled = fill(templates, products) ?? '';
        expect(filled).not.toContain('Loading the price…');
        expect(rootOf(filled)).toBe(await renderedWith(`/${path}`, products));
      }
    },
  );

  it('states the price, the list price and the saving', async () => {
    const html = fill(await templatesOf('products/gutsens'), CATALOGUE) ?? '';
    expect(html).toMatch(/data-testid="price"[^>]*><span[^>]*>₹9,999<\/span>/);
    expect(html).toContain('₹12,999</s>');
    expect(html).toContain('You save <!-- -->23<!-- -->%');
    expect(html).not.toContain('⟦');
  });

  it('is not filled in when the catalogue does not hold the kit: the page keeps its price loading', async () => {
    expect(fill(await templatesOf('products/gut360'), CATALOGUE.filter(({ code }) => code !== 'PROD-G360'))).toBeUndefined();
    expect(rootOf(document((await render('/products/gut360')).markup))).toContain('Loading the price…');
  });
});
