-- A kit's report uploaded by staff as a PDF, which the customer downloads from their dashboard. Kept beside the kit
-- rather than in its row, so that reading kits never carries the files.
CREATE TABLE kit_report_files (
  kit_id      text PRIMARY KEY REFERENCES kits (id) ON DELETE CASCADE,
  content     bytea NOT NULL CHECK (octet_length(content) BETWEEN 5 AND 5242880),
  uploaded_by text REFERENCES users (id) ON DELETE SET NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
