/** What a PDF the server made says, read back with pdf.js, for the tests of invoices and credit notes. */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The PDF's text, one string per printed row (items at the same height, left to right, joined by " | "). */
export async function pdfRows(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf) }).promise;
  const rows = new Map<number, Array<{ x: number; text: string }>>();
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const y = number * 10_000 - Math.round(item.transform[5] as number);
      rows.set(y, [...(rows.get(y) ?? []), { x: item.transform[4] as number, text: item.str.trim() }]);
    }
  }
  await document.destroy();
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, items]) =>
      items
        .sort((a, b) => a.x - b.x)
        .map((item) => item.text)
        .join(' | '),
    );
}
