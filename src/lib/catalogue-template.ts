/**
 * The catalogue as the build renders the home page and the kits' pages for the server to fill in
 * (scripts/vite/prerender.ts, server/plugins/catalogue-page.ts): answers whose every value is one the server finds
 * in the markup and replaces with a real kit's. Prices are amounts no kit has, each written once on its page; the
 * home page has one kit sold below its list price and one at it, so that both cards are there. Only the build reads
 * it.
 */
import { CATALOGUE_KEY, type Product } from './catalogue';
import type { EmbeddedAnswer } from './embedded-answer';

/** ₹98,76,543, ₹1,23,45,678 and ₹87,65,432: amounts no page shows otherwise. */
const PRICE = 987654300;
const LIST_PRICE = 1234567800;
const OTHER_PRICE = 876543200;

const sampleKit = (letter: string, code: string, price: number, actualPrice: number): Product => ({
  _id: `template-kit-${letter}`,
  code,
  name: `⟦name-${letter}⟧`,
  slug: `template-kit-${letter}`,
  summary: `⟦summary-${letter}⟧`,
  price,
  actual_price: actualPrice,
  image: `/images/products/template-kit-${letter}.svg`,
});

const answerOf = (products: Product[]): EmbeddedAnswer => ({ operationId: 'listProducts', key: CATALOGUE_KEY, answer: products });

/** The home page's kits: one sold below its list price, one at it. */
export const HOME_CATALOGUE_TEMPLATE = answerOf([sampleKit('a', 'TEMPLATE-A', PRICE, LIST_PRICE), sampleKit('b', 'TEMPLATE-B', OTHER_PRICE, OTHER_PRICE)]);

/** A kit's page (the kit's catalogue code) as it is when the kit sells below its list price, or at it. */
export function kitCatalogueTemplate(code: string, reduced: boolean): EmbeddedAnswer {
  return answerOf([sampleKit('a', code, PRICE, reduced ? LIST_PRICE : PRICE)]);
}
