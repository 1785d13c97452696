-- GST invoices (and, with refunds, credit notes) are numbered in a consecutive series of their own per Indian
-- financial year, April to March (CGST Rule 46(b)): INV/26-27/000001. The counter of each series is one row, updated
-- in the transaction that marks the order paid, so that numbers have no gaps and no duplicates however many
-- payments complete at once.
CREATE TABLE document_series (
  kind           text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
  -- '26-27' for April 2026 to March 2027, in Indian time.
  financial_year text NOT NULL CHECK (financial_year ~ '^[0-9]{2}-[0-9]{2}$'),
  last_serial    integer NOT NULL CHECK (last_serial > 0),
  PRIMARY KEY (kind, financial_year)
);

-- Orders already paid get their number in the series of the year they were paid in, in the order they were paid.
ALTER TABLE orders ADD COLUMN invoice_no text UNIQUE CHECK (invoice_no ~ '^[A-Z]+/[0-9]{2}-[0-9]{2}/[0-9]+$' AND length(invoice_no) <= 16);

WITH paid AS (
  SELECT id, paid_at, invoice_number,
         -- India has one time zone and no daylight saving: IST is UTC + 5:30 all year.
         to_char((paid_at AT TIME ZONE 'UTC') + interval '5 hours 30 minutes' - interval '3 months', 'YY') || '-' ||
         to_char((paid_at AT TIME ZONE 'UTC') + interval '5 hours 30 minutes' + interval '9 months', 'YY') AS financial_year
  FROM orders WHERE invoice_number IS NOT NULL AND paid_at IS NOT NULL
), numbered AS (
  SELECT id, financial_year, row_number() OVER (PARTITION BY financial_year ORDER BY paid_at, invoice_number) AS serial
  FROM paid
)
UPDATE orders o SET invoice_no = 'INV/' || n.financial_year || '/' || lpad(n.serial::text, 6, '0')
FROM numbered n WHERE o.id = n.id;

INSERT INTO document_series (kind, financial_year, last_serial)
SELECT 'invoice', split_part(invoice_no, '/', 2), max(split_part(invoice_no, '/', 3)::integer)
FROM orders WHERE invoice_no IS NOT NULL GROUP BY 2;

ALTER TABLE orders DROP COLUMN invoice_number;
ALTER TABLE orders RENAME COLUMN invoice_no TO invoice_number;
DROP SEQUENCE invoice_numbers;
