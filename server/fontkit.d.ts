/** The one call of fontkit (pdfkit's font parser) the invoices use; the package ships no types. */
declare module 'fontkit' {
  /** Parses a TrueType/OpenType font file. */
  export function create(buffer: Uint8Array, postscriptName?: string): { layout(text: string): unknown };
}
