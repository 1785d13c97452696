/**
 * The cookbook as an A4 PDF, made on the server with pdfkit from the published recipes: a cover, the contents by
 * course with page numbers, then each recipe from a new page with its introduction, times, servings, diets,
 * ingredients, method, nutrition per serving and what it does for the gut. The contents pages are kept free while the
 * recipes are laid out, then filled in once every recipe's page is known; the PDF's bookmarks follow the same order.
 */
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import type { components } from '../../../openapi/schema';
import { plainText } from './html';
import type { RecipeCourse } from './pieces';

type Recipe = components['schemas']['Recipe'];

export interface CookbookSection {
  course: RecipeCourse;
  recipes: Recipe[];
}

/** DejaVu Sans Condensed, as on the invoices: pdfkit's built-in fonts lack the rupee sign and other marks authors type. */
const FONTS = {
  regular: fileURLToPath(new URL('../../assets/fonts/DejaVuSansCondensed.ttf', import.meta.url)),
  bold: fileURLToPath(new URL('../../assets/fonts/DejaVuSansCondensed-Bold.ttf', import.meta.url)),
};

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const GREY = '#4a4a4a';
const BRAND = '#2f6b3a';
/** Lines of the contents that fit on one page under its heading. */
const CONTENTS_LINES_PER_PAGE = 34;

export const COURSE_TITLES: Record<RecipeCourse, string> = {
  breakfast: 'Breakfast',
  main: 'Main dishes',
  side: 'Sides',
  snack: 'Snacks',
  drink: 'Drinks',
  dessert: 'Desserts',
};

const DIET_WORDS = { vegetarian: 'Vegetarian', vegan: 'Vegan', glutenFree: 'Gluten-free', jain: 'Jain' } as const;

const minutes = (value: number) => (value === 1 ? '1 minute' : `${value} minutes`);
const grams = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)} g`;

function heading(doc: PDFKit.PDFDocument, text: string, size: number): void {
  doc.font('bold').fontSize(size).fillColor(BRAND).text(text, { width: CONTENT_WIDTH });
  doc.fillColor('black');
}

function drawRecipe(doc: PDFKit.PDFDocument, recipe: Recipe): void {
  doc.font('regular').fontSize(9).fillColor(GREY).text(COURSE_TITLES[recipe.course].toUpperCase(), { width: CONTENT_WIDTH, characterSpacing: 1 });
  doc.moveDown(0.3);
  doc.font('bold').fontSize(20).fillColor('black').text(recipe.title, { width: CONTENT_WIDTH });
  doc.font('regular').fontSize(9).fillColor(GREY).text(`By ${recipe.author.name}`, { width: CONTENT_WIDTH });
  doc.moveDown(0.6);
  doc.font('regular').fontSize(11).fillColor('black').text(recipe.summary, { width: CONTENT_WIDTH });
  doc.moveDown(0.5);
  const facts = [`Serves ${recipe.servings}`, `Preparation ${minutes(recipe.prepMinutes)}`, `Cooking ${minutes(recipe.cookMinutes)}`];
  doc.font('bold').fontSize(10).text(facts.join('   ·   '), { width: CONTENT_WIDTH });
  const diets = (Object.keys(DIET_WORDS) as Array<keyof typeof DIET_WORDS>).filter((diet) => recipe.diets[diet]).map((diet) => DIET_WORDS[diet]);
  if (diets.length > 0) doc.font('regular').fontSize(10).fillColor(GREY).text(diets.join(' · '), { width: CONTENT_WIDTH });
  doc.fillColor('black');
  const intro = plainText(recipe.bodyHtml);
  if (intro) {
    doc.moveDown(0.6);
    doc.font('regular').fontSize(10).text(intro, { width: CONTENT_WIDTH, align: 'left' });
  }

  doc.moveDown(0.9);
  heading(doc, 'Ingredients', 13);
  doc.moveDown(0.3);
  for (const ingredient of recipe.ingredients) {
    const line = ingredient.quantity ? `${ingredient.quantity}  ${ingredient.item}` : ingredient.item;
    doc.font('regular').fontSize(10).text(`•  ${line}`, { width: CONTENT_WIDTH, indent: 0 });
  }

  doc.moveDown(0.9);
  heading(doc, 'Method', 13);
  doc.moveDown(0.3);
  recipe.steps.forEach((step, index) => {
    doc.font('bold').fontSize(10).text(`${index + 1}.`, { continued: true }).font('regular').text(`  ${step}`, { width: CONTENT_WIDTH });
    doc.moveDown(0.3);
  });

  doc.moveDown(0.6);
  heading(doc, 'Nutrition per serving (approximate)', 13);
  doc.moveDown(0.3);
  const { nutrition } = recipe;
  doc
    .font('regular')
    .fontSize(10)
    .text(
      [
        `Energy ${nutrition.calories} kcal`,
        `Protein ${grams(nutrition.proteinGrams)}`,
        `Carbohydrates ${grams(nutrition.carbsGrams)}`,
        `Fat ${grams(nutrition.fatGrams)}`,
        `Fibre ${grams(nutrition.fibreGrams)}`,
      ].join('   ·   '),
      { width: CONTENT_WIDTH },
    );

  doc.moveDown(0.9);
  heading(doc, 'For your gut', 13);
  doc.moveDown(0.3);
  doc.font('regular').fontSize(10).text(recipe.gutNote, { width: CONTENT_WIDTH });
}

function drawCover(doc: PDFKit.PDFDocument, publisher: string, recipeCount: number): void {
  doc.rect(0, 0, PAGE_WIDTH, PAGE_HEIGHT * 0.45).fill(BRAND);
  doc.font('bold').fontSize(30).fillColor('white').text('The Gut360 Health Cookbook', MARGIN, 180, { width: CONTENT_WIDTH });
  doc.moveDown(0.4);
  doc.font('regular').fontSize(15).text('Everyday Indian recipes for a happy gut', { width: CONTENT_WIDTH });
  doc.fillColor('black').font('regular').fontSize(12);
  doc.text(
    `${recipeCount === 1 ? 'One recipe' : `${recipeCount} recipes`} from our doctors and nutritionists, by course, with ingredients in Indian ` +
      'kitchen measures, times, servings and approximate nutrition per serving.',
    MARGIN,
    PAGE_HEIGHT * 0.45 + 48,
    { width: CONTENT_WIDTH },
  );
  doc.moveDown(1);
  doc
    .fontSize(10)
    .fillColor(GREY)
    .text(
      'These recipes are general information, not medical advice. If you have a medical condition, a food allergy or an ' +
        'intolerance, or follow a diet your doctor or nutritionist set, ask them before you change what you eat.',
      { width: CONTENT_WIDTH },
    );
  doc.font('bold').fontSize(10).fillColor('black').text(`Published by ${publisher}`, MARGIN, PAGE_HEIGHT - MARGIN - 14, { width: CONTENT_WIDTH });
}

interface ContentsLine {
  text: string;
  page?: number;
  course: boolean;
}

function drawContents(doc: PDFKit.PDFDocument, lines: ContentsLine[], firstPage: number, pageCount: number): void {
  for (let index = 0; index < pageCount; index += 1) {
    doc.switchToPage(firstPage + index);
    doc.x = MARGIN;
    doc.y = MARGIN;
    if (index === 0) {
      heading(doc, 'Contents', 22);
      doc.moveDown(0.8);
    }
    for (const line of lines.slice(index * CONTENTS_LINES_PER_PAGE, (index + 1) * CONTENTS_LINES_PER_PAGE)) {
      const y = doc.y;
      if (line.course) {
        doc.moveDown(0.4);
        doc.font('bold').fontSize(12).fillColor(BRAND).text(line.text, MARGIN, doc.y, { width: CONTENT_WIDTH });
        doc.fillColor('black');
        continue;
      }
      doc.font('regular').fontSize(11).text(line.text, MARGIN + 12, y, { width: CONTENT_WIDTH - 60, lineBreak: false, ellipsis: true });
      doc.text(String(line.page), MARGIN, y, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
      doc.x = MARGIN;
      doc.y = y + 17;
    }
  }
}

/** Page numbers at the foot of every page but the cover. */
function drawPageNumbers(doc: PDFKit.PDFDocument, pages: number): void {
  for (let index = 1; index < pages; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    // Written inside the bottom margin, which pdfkit would otherwise take as the end of the page.
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(GREY)
      .text(String(index + 1), MARGIN, PAGE_HEIGHT - MARGIN / 2, { width: CONTENT_WIDTH, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/** The cookbook of `sections` (in the order to print them); `publisher` is the company named on the cover. */
export function cookbookPdf(sections: CookbookSection[], publisher: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: 'The Gut360 Health Cookbook', Author: publisher } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);

  const recipeCount = sections.reduce((sum, section) => sum + section.recipes.length, 0);
  drawCover(doc, publisher, recipeCount);

  const lines: ContentsLine[] = [];
  const contentsPages = Math.max(1, Math.ceil((sections.length + recipeCount) / CONTENTS_LINES_PER_PAGE));
  const firstContentsPage = 1;
  for (let page = 0; page < contentsPages; page += 1) doc.addPage();
  if (recipeCount === 0) {
    lines.push({ text: 'No recipes are published yet.', course: true });
  }

  for (const section of sections) {
    lines.push({ text: COURSE_TITLES[section.course], course: true });
    let courseOutline: PDFKit.PDFOutline | undefined;
    for (const recipe of section.recipes) {
      doc.addPage();
      // The course's bookmark opens its first recipe's page.
      courseOutline ??= doc.outline.addItem(COURSE_TITLES[section.course]);
      courseOutline.addItem(recipe.title);
      // Readers count pages from 1, the cover being the first.
      lines.push({ text: recipe.title, page: doc.bufferedPageRange().count, course: false });
      drawRecipe(doc, recipe);
    }
  }

  drawContents(doc, lines, firstContentsPage, contentsPages);
  drawPageNumbers(doc, doc.bufferedPageRange().count);
  doc.end();
  return done;
}
