/**
 * The free ebook as an A5 PDF, laid out with pdfkit from `content.ts`: a cover, the contents (each entry a link to its
 * chapter, each chapter a bookmark), the chapters with headings, lists, tables and boxed notes, the glossary and
 * further reading, and a colophon; every page but the cover carries the title and its number. The document is the
 * same for everyone, so each process makes it once, when it is first asked for, and keeps the bytes.
 */
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import {
  EBOOK_BACK_MATTER,
  EBOOK_CHAPTERS,
  EBOOK_DISCLAIMER,
  EBOOK_INTRODUCTION,
  EBOOK_PUBLISHER,
  EBOOK_SUBTITLE,
  EBOOK_TITLE,
  type EbookBlock,
  type EbookChapter,
  type EbookReference,
  type LeadText,
} from './content';

type Doc = PDFKit.PDFDocument;

const PAGE = { width: 419.53, height: 595.28 };
const MARGIN = { top: 50, bottom: 58, left: 44, right: 44 };
const TEXT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const CONTENT_BOTTOM = PAGE.height - MARGIN.bottom;

const INK = '#1a1a1a';
const MUTED = '#4a4a4a';
const BRAND = '#155a35';
const BRAND_DARK = '#0d3520';
const TINT = '#eef8f1';
const RULE = '#a7dcb8';

const BODY_SIZE = 10;
const LINE_GAP = 2.5;

/** DejaVu Sans Condensed, the fonts the invoices use: pdfkit's built-in fonts lack the dashes and quotes of the text. */
const FONT_FILES = {
  regular: fileURLToPath(new URL('../../assets/fonts/DejaVuSansCondensed.ttf', import.meta.url)),
  bold: fileURLToPath(new URL('../../assets/fonts/DejaVuSansCondensed-Bold.ttf', import.meta.url)),
};

/** A part of the book that starts on a page of its own: the chapters (numbered) and the back matter (not). */
interface Part {
  number: number | null;
  chapter: EbookChapter;
  destination: string;
}

interface ContentsEntry {
  label: string;
  page: number;
  destination: string;
}

/** The year in India, for the colophon. */
const indianYear = (at: Date) => new Date(at.getTime() + 330 * 60_000).getUTCFullYear();

/** Moves to a new page unless `height` more points fit above the footer. */
function keepRoom(doc: Doc, height: number): void {
  if (doc.y + height > CONTENT_BOTTOM) doc.addPage();
}

function paragraph(doc: Doc, text: string, options: { color?: string; size?: number } = {}): void {
  doc.font('regular').fontSize(options.size ?? BODY_SIZE).fillColor(options.color ?? INK);
  // A short paragraph stays whole; a longer one keeps at least its first two lines together.
  const line = doc.currentLineHeight(true) + LINE_GAP;
  const height = doc.heightOfString(text, { width: TEXT_WIDTH, lineGap: LINE_GAP });
  keepRoom(doc, height <= 4 * line ? height : 2 * line);
  doc.text(text, MARGIN.left, doc.y, { width: TEXT_WIDTH, lineGap: LINE_GAP });
  doc.moveDown(0.6);
}

function subheading(doc: Doc, text: string): void {
  doc.font('bold').fontSize(12.5);
  // A heading never ends a page: it keeps the next three lines with it.
  keepRoom(doc, doc.heightOfString(text, { width: TEXT_WIDTH }) + 4 * (BODY_SIZE + LINE_GAP + 2));
  doc.moveDown(0.4);
  doc.fillColor(BRAND_DARK).text(text, MARGIN.left, doc.y, { width: TEXT_WIDTH });
  doc.moveDown(0.3);
}

/** A line of running text with its lead in bold, as one flowing paragraph. */
function leadText(doc: Doc, item: LeadText, x: number, width: number): void {
  doc.font('bold').fillColor(INK).text(`${item.lead} `, x, doc.y, { width, lineGap: LINE_GAP, continued: true });
  doc.font('regular').text(item.text, { width, lineGap: LINE_GAP });
}

function bullets(doc: Doc, items: Array<string | LeadText>): void {
  const indent = 14;
  doc.fontSize(BODY_SIZE);
  for (const item of items) {
    const text = typeof item === 'string' ? item : `${item.lead} ${item.text}`;
    doc.font('regular');
    keepRoom(doc, Math.min(doc.heightOfString(text, { width: TEXT_WIDTH - indent, lineGap: LINE_GAP }), 3 * (BODY_SIZE + LINE_GAP + 2)));
    const top = doc.y;
    doc.fillColor(BRAND).text('•', MARGIN.left + 2, top, { width: indent, lineBreak: false });
    doc.y = top;
    if (typeof item === 'string') doc.fillColor(INK).text(item, MARGIN.left + indent, top, { width: TEXT_WIDTH - indent, lineGap: LINE_GAP });
    else leadText(doc, item, MARGIN.left + indent, TEXT_WIDTH - indent);
    doc.moveDown(0.35);
  }
  doc.moveDown(0.3);
}

/** A tinted box with a bold title, kept whole on one page. */
function note(doc: Doc, title: string, text: string): void {
  const padding = 10;
  const innerWidth = TEXT_WIDTH - 2 * padding - 4;
  doc.fontSize(BODY_SIZE);
  const titleHeight = doc.font('bold').heightOfString(title, { width: innerWidth });
  const textHeight = doc.font('regular').heightOfString(text, { width: innerWidth, lineGap: LINE_GAP });
  const height = titleHeight + textHeight + 2 * padding + 4;
  doc.moveDown(0.3);
  keepRoom(doc, height);
  const top = doc.y;
  doc.rect(MARGIN.left, top, TEXT_WIDTH, height).fill(TINT);
  doc.rect(MARGIN.left, top, 4, height).fill(BRAND);
  doc.font('bold').fillColor(BRAND_DARK).text(title, MARGIN.left + 4 + padding, top + padding, { width: innerWidth });
  doc.moveDown(0.2);
  doc.font('regular').fillColor(INK).text(text, MARGIN.left + 4 + padding, doc.y, { width: innerWidth, lineGap: LINE_GAP });
  doc.x = MARGIN.left;
  doc.y = top + height;
  doc.moveDown(0.8);
}

/** A table with a caption and a header row; a row that does not fit starts a new page, which repeats the header. */
function table(doc: Doc, block: Extract<EbookBlock, { kind: 'table' }>): void {
  const size = 8.5;
  const padding = 3.5;
  const widths = block.widths.map((share) => share * TEXT_WIDTH);
  const heightOf = (cells: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(size);
    return Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: (widths[index] ?? 0) - 2 * padding, lineGap: 1 }))) + 2 * padding;
  };
  const row = (cells: string[], font: 'regular' | 'bold', fill: string | null) => {
    const height = heightOf(cells, font);
    const top = doc.y;
    if (fill) doc.rect(MARGIN.left, top, TEXT_WIDTH, height).fill(fill);
    let x = MARGIN.left;
    cells.forEach((cell, index) => {
      const width = widths[index] ?? 0;
      doc
        .font(index === 0 && font === 'regular' ? 'bold' : font)
        .fontSize(size)
        .fillColor(fill === BRAND ? '#ffffff' : INK)
        .text(cell, x + padding, top + padding, { width: width - 2 * padding, lineGap: 1 });
      x += width;
    });
    doc.moveTo(MARGIN.left, top + height).lineTo(MARGIN.left + TEXT_WIDTH, top + height).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.x = MARGIN.left;
    doc.y = top + height;
  };
  const header = () => row(block.columns, 'bold', BRAND);

  doc.moveDown(0.4);
  doc.font('bold').fontSize(BODY_SIZE);
  const captionHeight = doc.heightOfString(block.caption, { width: TEXT_WIDTH });
  keepRoom(doc, captionHeight + heightOf(block.columns, 'bold') + heightOf(block.rows[0] ?? [], 'regular') + 6);
  doc.font('bold').fontSize(BODY_SIZE).fillColor(BRAND_DARK).text(block.caption, MARGIN.left, doc.y, { width: TEXT_WIDTH });
  doc.moveDown(0.3);
  header();
  block.rows.forEach((cells, index) => {
    if (doc.y + heightOf(cells, 'regular') > CONTENT_BOTTOM) {
      doc.addPage();
      header();
    }
    row(cells, 'regular', index % 2 === 1 ? TINT : null);
  });
  doc.moveDown(1);
}

/** Each term in bold, its meaning running on after it. */
function terms(doc: Doc, items: Array<{ term: string; meaning: string }>): void {
  doc.fontSize(BODY_SIZE);
  for (const { term, meaning } of items) {
    keepRoom(doc, 2 * (BODY_SIZE + LINE_GAP + 2));
    leadText(doc, { lead: `${term}:`, text: meaning }, MARGIN.left, TEXT_WIDTH);
    doc.moveDown(0.4);
  }
}

function references(doc: Doc, items: EbookReference[]): void {
  items.forEach((reference, index) => {
    const citation = `${reference.authors} ${reference.title}. ${reference.journal}, ${reference.year}.`;
    const link = `https://doi.org/${reference.doi}`;
    doc.fontSize(BODY_SIZE).font('regular');
    keepRoom(doc, doc.heightOfString(citation, { width: TEXT_WIDTH - 18, lineGap: LINE_GAP }) + 3 * (BODY_SIZE + LINE_GAP));
    const top = doc.y;
    doc.font('bold').fillColor(BRAND).text(`${index + 1}.`, MARGIN.left, top, { width: 18, lineBreak: false });
    doc.font('regular').fillColor(INK).text(citation, MARGIN.left + 18, top, { width: TEXT_WIDTH - 18, lineGap: LINE_GAP });
    doc.fillColor(BRAND).text(`DOI: ${reference.doi}`, MARGIN.left + 18, doc.y, { width: TEXT_WIDTH - 18, link, underline: true });
    doc.fillColor(MUTED).text(reference.about, MARGIN.left + 18, doc.y, { width: TEXT_WIDTH - 18, lineGap: LINE_GAP });
    doc.moveDown(0.8);
  });
}

function block(doc: Doc, content: EbookBlock): void {
  switch (content.kind) {
    case 'paragraph':
      return paragraph(doc, content.text);
    case 'subheading':
      return subheading(doc, content.text);
    case 'bullets':
      return bullets(doc, content.items);
    case 'note':
      return note(doc, content.title, content.text);
    case 'table':
      return table(doc, content);
    case 'terms':
      return terms(doc, content.items);
    case 'references':
      return references(doc, content.items);
  }
}

/** A few microbes drawn as soft shapes: the cover's picture. */
function coverArt(doc: Doc): void {
  const shapes: Array<[number, number, number, number, string]> = [
    // x, y, width, height, colour: rods and rounds of different sizes, loosely scattered.
    [70, 270, 70, 26, '#72c490'],
    [170, 240, 36, 36, '#a7dcb8'],
    [240, 290, 90, 30, '#41a86a'],
    [110, 330, 30, 30, '#d3eedb'],
    [200, 345, 60, 22, '#a7dcb8'],
    [300, 350, 26, 26, '#72c490'],
    [60, 380, 44, 44, '#41a86a'],
    [150, 395, 80, 24, '#72c490'],
    [270, 400, 40, 40, '#d3eedb'],
  ];
  for (const [x, y, width, height, colour] of shapes) doc.roundedRect(x, y, width, height, Math.min(width, height) / 2).fill(colour);
}

function cover(doc: Doc): void {
  doc.rect(0, 0, PAGE.width, PAGE.height).fill(BRAND_DARK);
  coverArt(doc);
  doc.font('bold').fontSize(11).fillColor('#a7dcb8').text('GUT360 HEALTH · FREE EBOOK', MARGIN.left, 78, { width: TEXT_WIDTH, characterSpacing: 1 });
  doc.font('bold').fontSize(30).fillColor('#ffffff').text(EBOOK_TITLE, MARGIN.left, 110, { width: TEXT_WIDTH, lineGap: 2 });
  doc.moveDown(0.4);
  doc.font('regular').fontSize(15).fillColor('#d3eedb').text(EBOOK_SUBTITLE, { width: TEXT_WIDTH });
  doc
    .font('regular')
    .fontSize(10)
    .fillColor('#d3eedb')
    .text('What your gut microbes do, how to eat for them with Indian food, and what a microbiome test can and cannot tell you.', MARGIN.left, 490, {
      width: TEXT_WIDTH,
      lineGap: 2,
    });
}

function partOpening(doc: Doc, part: Part): void {
  doc.addPage();
  doc.addNamedDestination(part.destination);
  doc.outline.addItem(part.chapter.title);
  if (part.number !== null) {
    doc.font('bold').fontSize(10).fillColor(BRAND).text(`CHAPTER ${part.number}`, MARGIN.left, MARGIN.top, { width: TEXT_WIDTH, characterSpacing: 1 });
    doc.moveDown(0.3);
  }
  doc.font('bold').fontSize(20).fillColor(BRAND_DARK).text(part.chapter.title, MARGIN.left, doc.y, { width: TEXT_WIDTH, lineGap: 2 });
  const ruleY = doc.y + 8;
  doc.moveTo(MARGIN.left, ruleY).lineTo(MARGIN.left + 60, ruleY).lineWidth(3).strokeColor(BRAND).stroke();
  doc.y = ruleY + 18;
}

/** The contents, drawn on its reserved page once every chapter's page is known. */
function contents(doc: Doc, entries: ContentsEntry[]): void {
  doc.font('bold').fontSize(20).fillColor(BRAND_DARK).text('Contents', MARGIN.left, MARGIN.top, { width: TEXT_WIDTH });
  doc.moveDown(1);
  for (const entry of entries) {
    const y = doc.y;
    doc.font('regular').fontSize(11.5).fillColor(INK).text(entry.label, MARGIN.left, y, { width: TEXT_WIDTH - 40, goTo: entry.destination });
    const bottom = doc.y;
    doc.font('bold').fillColor(BRAND).text(String(entry.page), MARGIN.left + TEXT_WIDTH - 40, y, { width: 40, align: 'right', goTo: entry.destination });
    doc.y = Math.max(bottom, doc.y) + 9;
  }
}

function colophon(doc: Doc, year: number): void {
  doc.addPage();
  doc.addNamedDestination('about-this-guide');
  doc.outline.addItem('About this guide');
  doc.font('bold').fontSize(14).fillColor(BRAND_DARK).text('About this guide', MARGIN.left, 300, { width: TEXT_WIDTH });
  doc.moveDown(0.6);
  paragraph(doc, `${EBOOK_TITLE}. ${EBOOK_SUBTITLE}. Published by ${EBOOK_PUBLISHER}.`, { size: 9.5 });
  paragraph(doc, EBOOK_DISCLAIMER, { size: 9.5 });
  paragraph(doc, 'Questions about this guide or our tests are welcome through the Contact Us page of our website.', { size: 9.5 });
  doc.moveDown(0.4);
  doc.font('bold').fontSize(9.5).fillColor(INK).text(`© ${year} ${EBOOK_PUBLISHER}. All rights reserved.`, MARGIN.left, doc.y, { width: TEXT_WIDTH });
}

/** The title and page number at the foot of every page but the cover; written with the margin out of the way. */
function footers(doc: Doc): void {
  const range = doc.bufferedPageRange();
  for (let page = range.start + 1; page < range.start + range.count; page += 1) {
    doc.switchToPage(page);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - 38;
    doc.moveTo(MARGIN.left, y - 8).lineTo(MARGIN.left + TEXT_WIDTH, y - 8).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.font('regular').fontSize(8.5).fillColor(MUTED).text(EBOOK_TITLE, MARGIN.left, y, { width: TEXT_WIDTH - 40, lineBreak: false });
    doc.text(String(page + 1), MARGIN.left + TEXT_WIDTH - 40, y, { width: 40, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
}

/** The whole ebook; `at` dates it (the colophon's year, the PDF's creation date). */
export function renderEbook(at: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A5',
    margins: MARGIN,
    bufferPages: true,
    lang: 'en-IN',
    displayTitle: true,
    info: { Title: `${EBOOK_TITLE}: ${EBOOK_SUBTITLE}`, Author: EBOOK_PUBLISHER, Subject: 'The gut microbiome, food and health: a practical guide', CreationDate: at },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONT_FILES.regular);
  doc.registerFont('bold', FONT_FILES.bold);

  cover(doc);
  // The contents page is kept free here and filled once the chapters' pages are known.
  doc.addPage();
  const contentsPage = doc.bufferedPageRange().count - 1;

  const pageNow = () => doc.bufferedPageRange().count;
  doc.addPage();
  doc.addNamedDestination('introduction');
  doc.outline.addItem('Introduction');
  const entries: ContentsEntry[] = [{ label: 'Introduction', page: pageNow(), destination: 'introduction' }];
  doc.font('bold').fontSize(20).fillColor(BRAND_DARK).text('Introduction', MARGIN.left, MARGIN.top, { width: TEXT_WIDTH });
  doc.moveDown(0.8);
  for (const text of EBOOK_INTRODUCTION) paragraph(doc, text);
  note(doc, 'Not medical advice', EBOOK_DISCLAIMER);

  const parts: Part[] = [
    ...EBOOK_CHAPTERS.map((chapter, index) => ({ number: index + 1, chapter, destination: `chapter-${index + 1}` })),
    ...EBOOK_BACK_MATTER.map((chapter, index) => ({ number: null, chapter, destination: `back-matter-${index + 1}` })),
  ];
  for (const part of parts) {
    partOpening(doc, part);
    entries.push({ label: part.number === null ? part.chapter.title : `${part.number}. ${part.chapter.title}`, page: pageNow(), destination: part.destination });
    for (const content of part.chapter.blocks) block(doc, content);
  }
  colophon(doc, indianYear(at));

  doc.switchToPage(contentsPage);
  contents(doc, entries);
  footers(doc);
  doc.end();
  return done;
}

let rendered: Promise<Buffer> | undefined;

/** The ebook, made on the first call of this process and kept; a failed attempt is forgotten, so the next call tries again. */
export function ebookPdf(): Promise<Buffer> {
  rendered ??= renderEbook(new Date()).catch((error: unknown) => {
    rendered = undefined;
    throw error;
  });
  return rendered;
}
