-- Blog posts and recipes, written by doctors, nutritionists and admins and reviewed by an admin before they reach
-- the shop (machines/content-review.ts). A piece holds its current text; every save keeps a revision of the whole
-- piece, and every review step an event.

-- Cover pictures, kept like product pictures: re-encoded as WebP in the database, so every API process serves them.
CREATE TABLE content_images (
  id          text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  bytes       bytea NOT NULL,
  width       integer NOT NULL CHECK (width > 0),
  height      integer NOT NULL CHECK (height > 0),
  uploaded_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE content_items (
  id              text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  kind            text NOT NULL CHECK (kind IN ('post', 'recipe')),
  slug            text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 100),
  title           text NOT NULL CHECK (length(title) BETWEEN 1 AND 160),
  summary         text NOT NULL DEFAULT '',
  -- Sanitised by the server's allowlist before it is written (server/services/content/html.ts).
  body_html       text NOT NULL DEFAULT '',
  tags            text[] NOT NULL DEFAULT '{}',
  cover_image_id  text REFERENCES content_images (id),
  -- A recipe's parts (the contract's RecipeDetails); null for a post.
  recipe          jsonb CHECK ((kind = 'recipe') = (recipe IS NOT NULL)),
  reading_minutes integer NOT NULL DEFAULT 1 CHECK (reading_minutes >= 1),
  state           text NOT NULL DEFAULT 'draft'
                  CHECK (state IN ('draft', 'submitted', 'changesRequested', 'approved', 'published', 'unpublished')),
  -- The reviewer's latest request for changes, while changes are requested.
  review_comment  text,
  author_id       text NOT NULL REFERENCES users (id),
  -- The role the author wrote it in, as readers are told.
  author_role     text NOT NULL CHECK (author_role IN ('admin', 'doctor', 'nutritionist')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  -- The first time it was published; kept when it is taken down and put back.
  published_at    timestamptz,
  -- What the public search reads: a post's title, summary and text; a recipe's title, summary and ingredients.
  -- The parser leaves HTML tags out of the words.
  search          tsvector GENERATED ALWAYS AS (
                    setweight(to_tsvector('english', title), 'A') ||
                    setweight(to_tsvector('english', summary), 'B') ||
                    setweight(CASE WHEN kind = 'recipe'
                      THEN jsonb_to_tsvector('english', coalesce(jsonb_path_query_array(recipe, '$.ingredients[*].item'), '[]'::jsonb), '["string"]')
                      ELSE to_tsvector('english', body_html) END, 'C')
                  ) STORED,
  UNIQUE (kind, slug)
);

-- The public lists read published pieces newest first, by tag and by words; the authoring lists by author or state.
CREATE INDEX content_items_published_idx ON content_items (kind, published_at DESC, id DESC) WHERE state = 'published';
CREATE INDEX content_items_search_idx ON content_items USING gin (search) WHERE state = 'published';
CREATE INDEX content_items_tags_idx ON content_items USING gin (tags) WHERE state = 'published';
CREATE INDEX content_items_recipe_idx ON content_items USING gin (recipe jsonb_path_ops) WHERE state = 'published';
CREATE INDEX content_items_author_idx ON content_items (author_id, updated_at DESC, id DESC);
CREATE INDEX content_items_state_idx ON content_items (state, updated_at DESC, id DESC);

-- The piece as it was after a save: its number, who saved it and when, and the whole piece. Saves of the same author
-- within minutes of each other update their revision (the autosave), so `saved_at` moves and `created_at` stays.
CREATE TABLE content_revisions (
  id          text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  item_id     text NOT NULL REFERENCES content_items (id) ON DELETE CASCADE,
  number      integer NOT NULL CHECK (number >= 1),
  author_id   text NOT NULL REFERENCES users (id),
  author_role text NOT NULL CHECK (author_role IN ('admin', 'doctor', 'nutritionist')),
  snapshot    jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  saved_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (item_id, number)
);

-- Each review step taken: which, from and to which state, by whom (in which role), with the reviewer's comment.
CREATE TABLE content_review_events (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  item_id    text NOT NULL REFERENCES content_items (id) ON DELETE CASCADE,
  step       text NOT NULL CHECK (step IN ('submit', 'withdraw', 'approve', 'requestChanges', 'publish', 'unpublish', 'revise')),
  from_state text NOT NULL,
  to_state   text NOT NULL,
  actor_id   text NOT NULL REFERENCES users (id),
  actor_role text NOT NULL CHECK (actor_role IN ('admin', 'doctor', 'nutritionist')),
  comment    text,
  at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX content_review_events_item_idx ON content_review_events (item_id, id DESC);
