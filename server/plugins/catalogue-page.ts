/**
 * The home page and the kits' pages as the server sends them: the page the build rendered from a sample catalogue
 * (templates/catalogue/<name>.html, written by scripts/vite/prerender.ts from src/lib/catalogue-template.ts) with
 * the catalogue as it is now in place of the sample's kits, names and prices, and the catalogue's answer beside it.
 * The page so reads complete before any script runs, at the prices staff set a moment ago, and the shop's script
 * takes that markup over as its own (src/lib/catalogue.ts renders the kits' cards and a kit's price from the same
 * answer, and does not ask for the catalogue again until it is stale). As for the blog list
 * (server/plugins/list-page.ts), each piece is cut out of React's own markup around the sample's values, and a
 * template that does not come out as expected is refused whole: its page is then sent as prerendered, the kits
 * loading.
 */
import type { components } from '../../openapi/schema';
import { formatRupees, savingPercent } from '../../machines/pricing';
import { elementAround, EMBEDDED, escapeAsReact, fill, hole, indexOnce, once } from './list-page';
import { embeddedAnswerElement } from './page-content';

type Product = components['schemas']['Product'];

/** The answer's name and key, as src/lib/catalogue.ts takes it. */
const OPERATION_ID = 'listProducts';
const CATALOGUE_KEY = 'all';

export interface CataloguePageTemplate {
  /** The page with `products`, or `undefined` when this template cannot show them (its page is sent otherwise). */
  fill(products: readonly Product[]): string | undefined;
}

interface Sample {
  operationId: string;
  key: string;
  answer: Product[];
}

function sampleOf(html: string): Product[] {
  const sample = JSON.parse(EMBEDDED.exec(html)?.[1] ?? 'null') as Sample | null;
  if (!sample || sample.operationId !== OPERATION_ID || sample.key !== CATALOGUE_KEY || !Array.isArray(sample.answer)) {
    throw new Error(`the template's answer is not the catalogue (${OPERATION_ID})`);
  }
  return sample.answer;
}

/** `text` with every `find` replaced, which must be there exactly `times` times. */
function each(text: string, find: string, replacement: string, times: number, what: string): string {
  const parts = text.split(find);
  if (parts.length - 1 !== times) throw new Error(`${what}: expected ${times} times in the template, found ${parts.length - 1}`);
  return parts.join(replacement);
}

const reduced = (product: Product) => product.actual_price > product.price;
const rupees = (paise: number) => escapeAsReact(formatRupees(paise));
const embedded = (products: readonly Product[]) => embeddedAnswerElement({ operationId: OPERATION_ID, key: CATALOGUE_KEY, answer: products });
/** React writes no text node for an empty string: the markup would not be the one the page renders. */
const writable = (product: Product) => product.name !== '' && product.summary !== '';

/**
 * The home page's template: its kits' cards, one after the other in the kits' grid, each as the card of the
 * sample's kit sold below its list price or of the one sold at it.
 */
export function homeTemplate(html: string): CataloguePageTemplate {
  const sample = sampleOf(html);
  const [a, b] = sample;
  if (sample.length !== 2 || !a || !b || !reduced(a) || reduced(b)) {
    throw new Error('the template is not rendered from a kit sold below its list price and one sold at it');
  }
  let page = html.replace(EMBEDDED, hole('embedded'));
  const aAt = elementAround(page, indexOnce(page, escapeAsReact(a.summary), "the first kit's summary"), 'div');
  const bAt = elementAround(page, indexOnce(page, escapeAsReact(b.summary), "the second kit's summary"), 'div');
  if (aAt.end !== bAt.start) throw new Error('the two kits are not side by side');
  const gridOpening = page.slice(page.lastIndexOf('<div ', aAt.start - 1), aAt.start);
  if (!/^<div [^>]*aria-busy="false"[^>]*>$/.test(gridOpening) || !page.startsWith('</div>', bAt.end)) {
    throw new Error('the two kits are not the grid of kits');
  }
  const cardOf = (kit: Product, card: string) => {
    let piece = each(card, escapeAsReact(kit.name), hole('name'), 2, "the kit's name");
    piece = each(piece, escapeAsReact(kit.summary), hole('summary'), 1, "the kit's summary");
    piece = each(piece, `href="${escapeAsReact(`/products/${kit.slug}`)}"`, `href="${hole('href')}"`, 1, "the kit's link");
    piece = each(piece, rupees(kit.price), hole('price'), 1, "the kit's price");
    return reduced(kit) ? each(piece, rupees(kit.actual_price), hole('listPrice'), 1, "the kit's list price") : piece;
  };
  const cardReduced = cardOf(a, page.slice(aAt.start, aAt.end));
  const cardPlain = cardOf(b, page.slice(bAt.start, bAt.end));
  page = page.slice(0, aAt.start) + hole('cards') + page.slice(bAt.end);

  const fillPage = (products: readonly Product[]): string | undefined => {
    if (!products.every(writable)) return undefined;
    const cards = products.map((kit) =>
      fill(reduced(kit) ? cardReduced : cardPlain, {
        name: escapeAsReact(kit.name),
        summary: escapeAsReact(kit.summary),
        // As the router writes the address of /products/$slug.
        href: escapeAsReact(`/products/${encodeURIComponent(kit.slug)}`),
        price: rupees(kit.price),
        listPrice: rupees(kit.actual_price),
      }),
    );
    return fill(page, { cards: cards.join(''), embedded: embedded(products) });
  };
  if (fillPage(sample) !== html) throw new Error('the page filled with its own sample is not the template');
  if (page.includes('⟦')) throw new Error('a sample value is left in the page');
  return { fill: fillPage };
}

/**
 * A kit's page's template: its price, with the list price struck through and the saving when the kit sells below
 * it (one template) or without them (another). `fill` answers only for a catalogue that holds the kit, sold as the
 * template's is; a catalogue without it leaves the page to the browser, which says the kit is not available.
 */
export function kitPageTemplate(html: string): CataloguePageTemplate {
  const sample = sampleOf(html);
  const [kit] = sample;
  if (sample.length !== 1 || !kit) throw new Error('the template is not rendered from its kit alone');
  let page = html.replace(EMBEDDED, hole('embedded'));
  const priceAt = indexOnce(page, rupees(kit.price), "the kit's price");
  const priceTag = elementAround(page, priceAt, 'div');
  if (!/^<div [^>]*data-testid="price"/.test(page.slice(priceTag.start))) throw new Error("the kit's price is not in its price tag");
  page = once(page, rupees(kit.price), hole('price'), "the kit's price");
  if (reduced(kit)) {
    page = once(page, rupees(kit.actual_price), hole('listPrice'), "the kit's list price");
    const saving = `You save <!-- -->${savingPercent(kit.price, kit.actual_price)}<!-- -->%`;
    page = once(page, saving, `You save <!-- -->${hole('saving')}<!-- -->%`, 'the saving');
  }

  const fillPage = (products: readonly Product[]): string | undefined => {
    const product = products.find((candidate) => candidate.code === kit.code);
    if (!product || reduced(product) !== reduced(kit)) return undefined;
    return fill(page, {
      price: rupees(product.price),
      listPrice: rupees(product.actual_price),
      saving: String(savingPercent(product.price, product.actual_price)),
      embedded: embedded(products),
    });
  };
  if (fillPage(sample) !== html) throw new Error('the page filled with its own sample is not the template');
  if (page.includes('⟦')) throw new Error('a sample value is left in the page');
  return { fill: fillPage };
}

/**
 * Which template a file of templates/catalogue/ is, by its name: `index.html` is the home page's, and
 * `<path>.reduced.html` or `<path>.plain.html` a kit's page at /<path>. `undefined` for any other file.
 */
export function catalogueTemplateOf(name: string): { address: string; read: (html: string) => CataloguePageTemplate } | undefined {
  if (name === 'index.html') return { address: '/', read: homeTemplate };
  const kit = /^(.+)\.(?:reduced|plain)\.html$/.exec(name);
  return kit?.[1] ? { address: `/${kit[1]}`, read: kitPageTemplate } : undefined;
}
