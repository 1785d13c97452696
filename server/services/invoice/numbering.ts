/** Issuing the next number of a GST invoice or credit note series (`machines/document-numbers.ts`). */
import { documentNumber, financialYearOf, type DocumentKind } from '../../../machines/document-numbers';
import type { Queryable } from '../../db';

/**
 * The next number of `kind`'s series for the financial year of `at`. Call it in the transaction that issues the
 * document: the series' row stays locked until it commits, so concurrent issues queue and a rollback gives the
 * number back.
 */
export async function allocateDocumentNumber(tx: Queryable, kind: DocumentKind, at: Date): Promise<string> {
  const financialYear = financialYearOf(at);
  const [row] = await tx.query<{ last_serial: number }>(
    `INSERT INTO document_series (kind, financial_year, last_serial) VALUES ($1, $2, 1)
     ON CONFLICT (kind, financial_year) DO UPDATE SET last_serial = document_series.last_serial + 1
     RETURNING last_serial`,
    [kind, financialYear],
  );
  if (!row) throw new Error('the document series returned no serial');
  return documentNumber(kind, financialYear, row.last_serial);
}
