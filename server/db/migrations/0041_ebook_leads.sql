-- The people who asked for the Microbiome and Health ebook: one row per e-mail address (kept in lower case), with
-- their answer to the optional consent to be contacted as last given, when, and the words the page showed beside the
-- box. Their download link is a random token of which only the hash is kept; a new request replaces it.
CREATE TABLE ebook_leads (
  id                 text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  name               text NOT NULL,
  email              text NOT NULL UNIQUE CHECK (email = lower(email)),
  consent_to_contact boolean NOT NULL,
  consent_at         timestamptz NOT NULL,
  consent_text       text NOT NULL,
  client_ip          text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  last_requested_at  timestamptz NOT NULL DEFAULT now(),
  downloads          integer NOT NULL DEFAULT 0 CHECK (downloads >= 0),
  link_hash          text NOT NULL UNIQUE,
  link_expires_at    timestamptz NOT NULL
);

-- The staff list opens on the latest requests; the other orders are few enough to sort.
CREATE INDEX ebook_leads_last_requested_idx ON ebook_leads (last_requested_at DESC, id DESC);

-- The leads are exported as CSV like the customer and order lists.
ALTER TABLE exports DROP CONSTRAINT exports_kind_check;
ALTER TABLE exports ADD CONSTRAINT exports_kind_check CHECK (kind IN ('customers', 'orders', 'ebook-leads'));
