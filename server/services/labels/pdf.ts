/**
 * Printable kit labels: A4 sheets of 21 labels (3 × 7, 63.5 × 38.1 mm, the common sticker sheet), each with a QR code
 * of the activation address, the code in large type and the product's name. The QR code is drawn as vector squares,
 * so it stays sharp at any printer resolution. The document is a stream written a page at a time as the reader takes
 * it, so a batch of 5,000 codes (239 pages) never sits in memory whole.
 */
import PDFDocument from 'pdfkit';
import { create as createQrCode } from 'qrcode';

export interface KitLabel {
  code: string;
  productName: string;
  /** What the QR code opens: the dashboard with the code filled in. */
  activationUrl: string;
}

const MM = 72 / 25.4;
const COLUMNS = 3;
const ROWS = 7;
const LABEL_WIDTH = 63.5 * MM;
const LABEL_HEIGHT = 38.1 * MM;
const PITCH_X = 66.04 * MM;
const LEFT = 7.2 * MM;
const TOP = 15.15 * MM;
const PADDING = 3 * MM;
const QR_SIZE = 24 * MM;
const CODE_SIZE = 19;
/** Past this much unread output, wait for the reader before drawing the next page. */
const HIGH_WATER_BYTES = 1 << 20;

export const LABELS_PER_PAGE = COLUMNS * ROWS;

/** The QR code's dark modules as squares; neighbouring dark modules of a row are one rectangle, to keep pages small. */
function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = createQrCode(text, { errorCorrectionLevel: 'M' });
  // The symbol needs a light margin of its own (the quiet zone) to be found by a camera: two modules on each side.
  const module = size / (modules.size + 4);
  const origin = { x: x + 2 * module, y: y + 2 * module };
  for (let row = 0; row < modules.size; row += 1) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column += 1;
      // A hair wider than a module so that neighbouring squares leave no hairline gap when rasterised.
      doc.rect(origin.x + start * module, origin.y + row * module, (column - start) * module + 0.05, module + 0.05);
    }
  }
  doc.fill('black');
}

function drawLabel(doc: PDFKit.PDFDocument, label: KitLabel, index: number): void {
  const x = LEFT + (index % COLUMNS) * PITCH_X;
  const y = TOP + Math.floor(index / COLUMNS) * LABEL_HEIGHT;
  drawQrCode(doc, label.activationUrl, x + PADDING, y + PADDING, QR_SIZE);
  const textLeft = x + PADDING + QR_SIZE + 2 * MM;
  const textWidth = LABEL_WIDTH - (textLeft - x) - PADDING;
  doc.font('Helvetica-Bold').fontSize(10).fillColor('black').text(label.productName, textLeft, y + PADDING + 2 * MM, { width: textWidth, height: 26 });
  doc.font('Helvetica').fontSize(7).fillColor('#333333').text('Scan to activate, or enter the code at your dashboard', textLeft, doc.y + 2, { width: textWidth });
  doc
    .font('Courier-Bold')
    .fontSize(CODE_SIZE)
    .fillColor('black')
    .text(label.code, x, y + LABEL_HEIGHT - PADDING - CODE_SIZE * 0.8, { width: LABEL_WIDTH, align: 'center', lineBreak: false });
}

/** Resolves once the reader has taken another chunk, or has gone away. */
function nextRead(doc: PDFKit.PDFDocument): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      doc.off('data', done);
      doc.off('close', done);
      resolve();
    };
    doc.on('data', done);
    doc.on('close', done);
  });
}

/**
 * The labels as a PDF stream. Pages are drawn one at a time, each after the reader has taken most of what came
 * before, yielding to other requests between pages; a reader that goes away stops the drawing.
 */
export function kitLabelsPdf(labels: readonly KitLabel[], title: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: title } });
  void (async () => {
    try {
      for (let start = 0; start < labels.length && !doc.destroyed; start += LABELS_PER_PAGE) {
        doc.addPage({ size: 'A4', margin: 0 });
        labels.slice(start, start + LABELS_PER_PAGE).forEach((label, index) => drawLabel(doc, label, index));
        await new Promise((resolve) => setImmediate(resolve));
        while (doc.readableLength >= HIGH_WATER_BYTES && !doc.destroyed) await nextRead(doc);
      }
      if (!doc.destroyed) doc.end();
    } catch (error) {
      doc.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return doc;
}
