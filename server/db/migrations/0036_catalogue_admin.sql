-- Staff run the catalogue: a product's long description, what is in its box, its uploaded pictures (the first is
-- the main one, whose address stays in `image`), and every API process learns of a change to the catalogue at once.
ALTER TABLE products ADD COLUMN description text NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN box jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE products ADD COLUMN images jsonb NOT NULL DEFAULT '[]'::jsonb;

-- Pictures are kept in the database, re-encoded as WebP, so that every API process can serve every picture.
CREATE TABLE product_images (
  id          text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  bytes       bytea NOT NULL,
  width       integer NOT NULL CHECK (width > 0),
  height      integer NOT NULL CHECK (height > 0),
  uploaded_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Any write to the catalogue, by any process, in the writing transaction: listeners empty their catalogue cache
-- when it commits.
CREATE FUNCTION products_notify_catalogue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', '');
  RETURN NULL;
END;
$$;
CREATE TRIGGER products_notify_catalogue AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION products_notify_catalogue();
