/**
 * A paper's DOI (Digital Object Identifier), one rule for the staff's publication form and for the server where it
 * stores one: `10.<registrant>/<suffix>`, kept bare, and the address that opens the paper.
 */

/** `10.`, the registrant's digits (dot-separated parts allowed), a slash, and a suffix without spaces. */
const DOI = /^10\.\d{4,9}(?:\.\d+)*\/\S+$/;

/** What people paste before a DOI: its link on doi.org (old dx. ones too) or the `doi:` label. */
const DOI_PREFIX = /^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i;

/**
 * The bare DOI (`10.1038/nature08821`) from what a person typed or pasted: the DOI itself, or its
 * https://doi.org/ link (with `%2F` and the like decoded), or `doi:10.…`. `undefined` when it is not one.
 */
export function bareDoi(typed: string): string | undefined {
  const trimmed = typed.trim();
  let doi = trimmed.replace(DOI_PREFIX, '');
  if (doi !== trimmed && /^https?:/i.test(trimmed)) {
    try {
      doi = decodeURIComponent(doi);
    } catch {
      return undefined;
    }
  }
  return DOI.test(doi) ? doi : undefined;
}

/** The paper's address on doi.org, each part of the DOI encoded as a URL needs it (`#`, `?`, `%`…). */
export function doiUrl(doi: string): string {
  return `https://doi.org/${doi.split('/').map(encodeURIComponent).join('/')}`;
}
