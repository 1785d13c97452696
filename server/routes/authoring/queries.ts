/**
 * Writing and reviewing posts and recipes. Its author alone writes a piece, and only while the review machine
 * (machines/content-review.ts) counts it editable; each save keeps a revision of the whole piece, its text passed
 * through the allowlist first. Review steps are the machine's: the server asks it whether a step may be taken and
 * where it leads, and writes the step to the piece's history and the audit log in the same transaction.
 */
import type { components } from '../../../openapi/schema';
import {
  allowedReviewSteps,
  EDITABLE_STATES,
  nextReviewState,
  reviewStepRefusal,
  type ContentReviewState,
  type Reviewer,
} from '../../../machines/content-review';
import { sqlState, UNIQUE_VIOLATION, type Queryable } from '../../db';
import { forbidden, HttpError, notFound, type FieldErrors } from '../../errors';
import { writeAudit, type AuditActor } from '../../services/audit';
import { plainText, readingMinutes, sanitiseHtml } from '../../services/content/html';
import {
  AUTHOR_AND_COVER_COLUMNS,
  AUTHOR_AND_COVER_JOINS,
  authorOf,
  contentImageUrl,
  coverOf,
  emptyRecipe,
  REVIEW_STEPS,
  STEP_EVENTS,
  type AuthorAndCoverRow,
  type ContentImage,
  type ContentKind,
  type ContentReviewStep,
  type RecipeDetails,
  type StaffRole,
} from '../../services/content/pieces';
import type { EncodedImage } from '../../services/images';
import { iso } from '../orders/queries';

type AuthoringItem = components['schemas']['AuthoringItem'];
type AuthoringSummary = components['schemas']['AuthoringSummary'];
type AuthoringItemSave = components['schemas']['AuthoringItemSave'];
type ContentRevision = components['schemas']['ContentRevision'];
type ContentReviewEvent = components['schemas']['ContentReviewEvent'];

/** The staff member asking, and how the audit log names them. */
export interface Staff {
  userId: string;
  role: StaffRole;
  actor: AuditActor;
}

/** The whole piece as a revision keeps it. */
interface Snapshot {
  title: string;
  slug: string;
  summary: string;
  bodyHtml: string;
  tags: string[];
  coverImageId: string | null;
  recipe: RecipeDetails | null;
}

/** Saves of one author this close together are one revision: the editor's autosave, not a new version each time. */
const COALESCE_MINUTES = 5;
const HISTORY_LIMIT = 50;
/** What a piece needs before it goes to review: text a reader can use, not a heading. */
export const MIN_POST_TEXT = 300;
export const MIN_RECIPE_INTRO = 50;
const MIN_INGREDIENTS = 2;
const MIN_STEPS = 2;
const SLUG_BASE_MAX = 90;

export const PIECE_NOT_FOUND = 'There is no such post or recipe among the ones you can open.';
const KIND_WORD: Record<ContentKind, string> = { post: 'post', recipe: 'recipe' };
const STEP_WORDS: Record<ContentReviewStep, string> = {
  submit: 'sent for review',
  withdraw: 'taken back from review',
  approve: 'approved',
  requestChanges: 'sent back for changes',
  publish: 'published',
  unpublish: 'taken off the shop',
  revise: 'taken back to revise',
};
const AUTHOR_STEPS: ReadonlySet<ContentReviewStep> = new Set(['submit', 'withdraw', 'revise']);
/** Where a piece is, in the words of a sentence ("This post is …"). */
const STATE_WORDS: Record<ContentReviewState, string> = {
  draft: 'a draft',
  submitted: 'waiting for review',
  changesRequested: 'back with its author for changes',
  approved: 'approved',
  published: 'published',
  unpublished: 'taken off the shop',
};

interface PieceRow extends AuthorAndCoverRow, Record<string, unknown> {
  id: string;
  kind: ContentKind;
  slug: string;
  title: string;
  summary: string;
  body_html: string;
  tags: string[];
  cover_image_id: string | null;
  recipe: RecipeDetails | null;
  reading_minutes: number;
  state: ContentReviewState;
  review_comment: string | null;
  author_id: string;
  created_at: Date | string;
  updated_at: Date | string;
  published_at: Date | string | null;
  revision: number;
}

type SummaryRow = Pick<PieceRow, 'id' | 'kind' | 'slug' | 'title' | 'state' | 'updated_at' | 'published_at' | keyof AuthorAndCoverRow>;

const PIECE_SELECT = `
  SELECT c.id, c.kind, c.slug, c.title, c.summary, c.body_html, c.tags, c.cover_image_id, c.recipe, c.reading_minutes,
         c.state, c.review_comment, c.author_id, c.created_at, c.updated_at, c.published_at, ${AUTHOR_AND_COVER_COLUMNS},
         (SELECT max(r.number) FROM content_revisions r WHERE r.item_id = c.id) AS revision
    FROM content_items c ${AUTHOR_AND_COVER_JOINS}`;

const reviewerOf = (staff: Staff, authorId: string): Reviewer => ({ role: staff.role, isAuthor: staff.userId === authorId });

/** `title` as an address: lower-case words of letters and digits joined by dashes. */
export function slugFrom(title: string, kind: ContentKind): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = words.length > SLUG_BASE_MAX ? words.slice(0, SLUG_BASE_MAX).replace(/-[^-]*$/, '') : words;
  return cut.replace(/-+$/, '') || kind;
}

/** `base`, or `base-2`, `base-3`… whichever no piece of `kind` has yet. */
async function freeSlug(tx: Queryable, kind: ContentKind, base: string): Promise<string> {
  const rows = await tx.query<{ slug: string }>(
    `SELECT slug FROM content_items WHERE kind = $1 AND (slug = $2 OR slug ~ ('^' || $2 || '-[0-9]+$'))`,
    [kind, base],
  );
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

const slugTaken = (kind: ContentKind) =>
  new HttpError(409, `Another ${KIND_WORD[kind]} already has this address. Choose another one.`, 'CONTENT_SLUG_TAKEN', {
    slug: `is the address of another ${KIND_WORD[kind]}`,
  });

async function historyOf(db: Queryable, itemId: string): Promise<ContentReviewEvent[]> {
  const rows = await db.query<{
    step: ContentReviewStep;
    from_state: ContentReviewState;
    to_state: ContentReviewState;
    actor_name: string;
    actor_role: StaffRole;
    comment: string | null;
    at: Date | string;
  }>(
    `SELECT e.step, e.from_state, e.to_state, u.fullname AS actor_name, e.actor_role, e.comment, e.at
       FROM content_review_events e JOIN users u ON u.id = e.actor_id
      WHERE e.item_id = $1 ORDER BY e.id DESC LIMIT ${HISTORY_LIMIT}`,
    [itemId],
  );
  return rows.map((row) => ({
    step: row.step,
    from: row.from_state,
    to: row.to_state,
    by: authorOf(row.actor_name, row.actor_role),
    comment: row.comment,
    at: iso(row.at),
  }));
}

/** The piece as `staff` sees it: their own, or anyone's for an admin; undefined for anyone else. */
export async function authoringItem(db: Queryable, staff: Staff, id: string): Promise<AuthoringItem | undefined> {
  const [row] = await db.query<PieceRow>(`${PIECE_SELECT} WHERE c.id = $1 AND ($2::boolean OR c.author_id = $3)`, [
    id,
    staff.role === 'admin',
    staff.userId,
  ]);
  if (!row) return undefined;
  const reviewer = reviewerOf(staff, row.author_id);
  const allowed = new Set(allowedReviewSteps(row.state, reviewer));
  return {
    _id: row.id,
    kind: row.kind,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    bodyHtml: row.body_html,
    tags: row.tags,
    cover: coverOf(row),
    recipe: row.recipe,
    state: row.state,
    author: authorOf(row.author_name, row.author_role),
    isAuthor: reviewer.isAuthor,
    allowedSteps: REVIEW_STEPS.filter((step) => allowed.has(STEP_EVENTS[step])),
    reviewComment: row.state === 'changesRequested' ? row.review_comment : null,
    history: await historyOf(db, row.id),
    revision: row.revision,
    readingMinutes: row.reading_minutes,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    publishedAt: row.published_at ? iso(row.published_at) : null,
  };
}

export interface AuthoringQuery {
  kind?: ContentKind | undefined;
  state?: ContentReviewState | undefined;
  mine?: boolean | undefined;
  limit: number;
  offset: number;
}

/** A doctor's or nutritionist's own pieces; an admin's view of everyone's (or their own with `mine`). */
export async function listAuthoringItems(db: Queryable, staff: Staff, query: AuthoringQuery): Promise<{ items: AuthoringSummary[]; total: number }> {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (staff.role !== 'admin' || query.mine) where.push(`c.author_id = ${param(staff.userId)}`);
  if (query.kind) where.push(`c.kind = ${param(query.kind)}`);
  if (query.state) where.push(`c.state = ${param(query.state)}`);
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const counted = [...params];
  const [rows, [count]] = await Promise.all([
    db.query<SummaryRow>(
      `SELECT c.id, c.kind, c.slug, c.title, c.state, c.updated_at, c.published_at, ${AUTHOR_AND_COVER_COLUMNS}
         FROM content_items c ${AUTHOR_AND_COVER_JOINS} ${filter}
        ORDER BY c.updated_at DESC, c.id DESC LIMIT ${param(query.limit)} OFFSET ${param(query.offset)}`,
      params,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM content_items c ${filter}`, counted),
  ]);
  return {
    total: count?.total ?? 0,
    items: rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      slug: row.slug,
      title: row.title,
      state: row.state,
      author: authorOf(row.author_name, row.author_role),
      updatedAt: iso(row.updated_at),
      publishedAt: row.published_at ? iso(row.published_at) : null,
    })),
  };
}

async function insertRevision(tx: Queryable, staff: Staff, itemId: string, number: number, snapshot: Snapshot): Promise<void> {
  await tx.query(
    `INSERT INTO content_revisions (item_id, number, author_id, author_role, snapshot) VALUES ($1, $2, $3, $4, $5::jsonb)`,
    [itemId, number, staff.userId, staff.role, JSON.stringify(snapshot)],
  );
}

/** Starts a draft of `staff` with an address made from its title, and its first revision. Returns its id. */
export async function createAuthoringItem(tx: Queryable, staff: Staff, kind: ContentKind, title: string): Promise<string> {
  const snapshot: Snapshot = {
    title: title.trim(),
    slug: await freeSlug(tx, kind, slugFrom(title, kind)),
    summary: '',
    bodyHtml: '',
    tags: [],
    coverImageId: null,
    recipe: kind === 'recipe' ? emptyRecipe() : null,
  };
  let row: { id: string } | undefined;
  try {
    [row] = await tx.query<{ id: string }>(
      `INSERT INTO content_items (kind, slug, title, recipe, author_id, author_role) VALUES ($1, $2, $3, $4::jsonb, $5, $6) RETURNING id`,
      [kind, snapshot.slug, snapshot.title, snapshot.recipe && JSON.stringify(snapshot.recipe), staff.userId, staff.role],
    );
  } catch (error) {
    // Another draft of the same title took the address a moment ago.
    if (sqlState(error) === UNIQUE_VIOLATION) throw slugTaken(kind);
    throw error;
  }
  if (!row) throw new Error('the piece was not inserted');
  await insertRevision(tx, staff, row.id, 1, snapshot);
  await writeAudit(tx, {
    actor: staff.actor,
    action: 'content.created',
    entity: 'content_item',
    entityId: row.id,
    after: { kind, slug: snapshot.slug, title: snapshot.title, state: 'draft' },
  });
  return row.id;
}

interface LockedPiece extends Record<string, unknown> {
  id: string;
  kind: ContentKind;
  slug: string;
  state: ContentReviewState;
  author_id: string;
  summary: string;
  body_html: string;
  recipe: RecipeDetails | null;
  published_at: Date | string | null;
}

/** The piece, locked for the change, if `staff` may open it: their own, or anyone's for an admin. */
async function lockVisiblePiece(tx: Queryable, staff: Staff, id: string): Promise<LockedPiece> {
  const [piece] = await tx.query<LockedPiece>(
    `SELECT id, kind, slug, state, author_id, summary, body_html, recipe, published_at FROM content_items
      WHERE id = $1 AND ($2::boolean OR author_id = $3) FOR UPDATE`,
    [id, staff.role === 'admin', staff.userId],
  );
  if (!piece) throw notFound(PIECE_NOT_FOUND);
  return piece;
}

/** The piece, locked, if `staff` wrote it and may still change it: writing is its author's alone. */
async function lockEditablePiece(tx: Queryable, staff: Staff, id: string): Promise<LockedPiece> {
  const piece = await lockVisiblePiece(tx, staff, id);
  if (piece.author_id !== staff.userId) throw notFound(PIECE_NOT_FOUND);
  if (!EDITABLE_STATES.includes(piece.state)) {
    throw new HttpError(
      409,
      `This ${KIND_WORD[piece.kind]} is ${STATE_WORDS[piece.state]}, so it cannot be changed now.`,
      'CONTENT_NOT_EDITABLE',
    );
  }
  return piece;
}

/** Trimmed lists without empty entries, so that what is kept is what a reader would see. */
function tidyRecipe(recipe: RecipeDetails): RecipeDetails {
  return {
    ...recipe,
    ingredients: recipe.ingredients
      .map((ingredient) => ({ quantity: ingredient.quantity.trim(), item: ingredient.item.trim() }))
      .filter((ingredient) => ingredient.item !== ''),
    steps: recipe.steps.map((step) => step.trim()).filter((step) => step !== ''),
    gutNote: recipe.gutNote.trim(),
  };
}

/** What a save (or a restore) would keep: checked against the piece, its text sanitised. */
async function checkedSnapshot(tx: Queryable, piece: LockedPiece, input: Snapshot): Promise<Snapshot> {
  if (piece.kind === 'post' && input.recipe !== null) {
    throw new HttpError(400, 'A post has no recipe parts.', 'VALIDATION_FAILED', { recipe: 'must be null for a post' });
  }
  if (piece.kind === 'recipe' && input.recipe === null) {
    throw new HttpError(400, 'A recipe needs its recipe parts.', 'VALIDATION_FAILED', { recipe: 'is required for a recipe' });
  }
  if (input.coverImageId !== null) {
    const [image] = await tx.query('SELECT 1 FROM content_images WHERE id = $1', [input.coverImageId]);
    if (!image) {
      throw new HttpError(400, 'The cover picture is no longer there. Upload it again.', 'VALIDATION_FAILED', {
        coverImageId: 'is not a picture uploaded here',
      });
    }
  }
  if (input.slug !== piece.slug) {
    const [other] = await tx.query('SELECT 1 FROM content_items WHERE kind = $1 AND slug = $2 AND id <> $3', [piece.kind, input.slug, piece.id]);
    if (other) throw slugTaken(piece.kind);
  }
  return {
    title: input.title.trim(),
    slug: input.slug,
    summary: input.summary.trim(),
    bodyHtml: sanitiseHtml(input.bodyHtml),
    tags: input.tags,
    coverImageId: input.coverImageId,
    recipe: input.recipe && tidyRecipe(input.recipe),
  };
}

/**
 * Writes `snapshot` as the piece's text and keeps it as a revision: a new one, or, for an autosave (`coalesce`), the
 * author's own latest one when it began less than five minutes ago and nobody has reviewed the piece since.
 */
async function writeText(tx: Queryable, staff: Staff, piece: LockedPiece, snapshot: Snapshot, coalesce: boolean): Promise<void> {
  try {
    await tx.query(
      `UPDATE content_items SET title = $2, slug = $3, summary = $4, body_html = $5, tags = $6::text[], cover_image_id = $7,
              recipe = $8::jsonb, reading_minutes = $9, updated_at = now()
        WHERE id = $1`,
      [
        piece.id,
        snapshot.title,
        snapshot.slug,
        snapshot.summary,
        snapshot.bodyHtml,
        snapshot.tags,
        snapshot.coverImageId,
        snapshot.recipe && JSON.stringify(snapshot.recipe),
        readingMinutes(snapshot.bodyHtml),
      ],
    );
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw slugTaken(piece.kind);
    throw error;
  }
  const [latest] = await tx.query<{ id: string; number: number; same_session: boolean }>(
    `SELECT r.id, r.number,
            r.author_id = $2 AND r.created_at > now() - make_interval(mins => ${COALESCE_MINUTES})
              AND NOT EXISTS (SELECT 1 FROM content_review_events e WHERE e.item_id = r.item_id AND e.at >= r.created_at) AS same_session
       FROM content_revisions r WHERE r.item_id = $1 ORDER BY r.number DESC LIMIT 1`,
    [piece.id, staff.userId],
  );
  if (coalesce && latest?.same_session) {
    await tx.query('UPDATE content_revisions SET snapshot = $2::jsonb, saved_at = now() WHERE id = $1', [latest.id, JSON.stringify(snapshot)]);
  } else {
    await insertRevision(tx, staff, piece.id, (latest?.number ?? 0) + 1, snapshot);
  }
}

export async function saveAuthoringItem(tx: Queryable, staff: Staff, id: string, input: AuthoringItemSave): Promise<void> {
  const piece = await lockEditablePiece(tx, staff, id);
  await writeText(tx, staff, piece, await checkedSnapshot(tx, piece, input), true);
}

/** Makes revision `revisionId` the piece's text again, as a new revision. */
export async function restoreRevision(tx: Queryable, staff: Staff, id: string, revisionId: string): Promise<void> {
  const piece = await lockEditablePiece(tx, staff, id);
  const [revision] = await tx.query<{ number: number; snapshot: Snapshot }>(
    'SELECT number, snapshot FROM content_revisions WHERE id = $1 AND item_id = $2',
    [revisionId, piece.id],
  );
  if (!revision) throw notFound('There is no such revision of this piece.');
  // Sanitised again: the allowlist may have grown stricter since the revision was kept.
  await writeText(tx, staff, piece, await checkedSnapshot(tx, piece, revision.snapshot), false);
  await writeAudit(tx, {
    actor: staff.actor,
    action: 'content.restored',
    entity: 'content_item',
    entityId: piece.id,
    after: { restoredRevision: revision.number },
  });
}

/** What is missing before a piece can go to review, by field; empty when nothing is. */
export function incompleteFields(piece: Pick<LockedPiece, 'kind' | 'summary' | 'body_html' | 'recipe'>): FieldErrors {
  const fields: FieldErrors = {};
  if (piece.summary.trim() === '') fields.summary = 'Write a short summary for the lists and search results.';
  const textLength = plainText(piece.body_html).length;
  if (piece.kind === 'post' && textLength < MIN_POST_TEXT) {
    fields.bodyHtml = `Write at least ${MIN_POST_TEXT} characters of text (now ${textLength}).`;
  }
  const recipe = piece.recipe;
  if (piece.kind === 'recipe' && recipe) {
    if (textLength < MIN_RECIPE_INTRO) fields.bodyHtml = `Write an introduction of at least ${MIN_RECIPE_INTRO} characters (now ${textLength}).`;
    if (recipe.ingredients.length < MIN_INGREDIENTS) fields['recipe.ingredients'] = `List at least ${MIN_INGREDIENTS} ingredients.`;
    if (recipe.steps.length < MIN_STEPS) fields['recipe.steps'] = `Write at least ${MIN_STEPS} steps.`;
    if (recipe.servings === null) fields['recipe.servings'] = 'Say how many people it serves.';
    if (recipe.prepMinutes === null) fields['recipe.prepMinutes'] = 'Give the preparation time in minutes.';
    if (recipe.cookMinutes === null) fields['recipe.cookMinutes'] = 'Give the cooking time in minutes (0 when nothing is cooked).';
    if (recipe.nutrition === null) fields['recipe.nutrition'] = 'Give the approximate nutrition per serving.';
    if (recipe.gutNote === '') fields['recipe.gutNote'] = 'Say in a few sentences why it is good for the gut.';
    const { vegetarian, vegan, jain } = recipe.diets;
    if ((vegan || jain) && !vegetarian) fields['recipe.diets'] = 'A vegan or Jain recipe is vegetarian too: tick vegetarian as well.';
  }
  return fields;
}

/** Takes review step `step` on the piece for `staff`, as the review machine allows, with its event and audit row. */
export async function takeReviewStep(tx: Queryable, staff: Staff, id: string, step: ContentReviewStep, comment: string | undefined): Promise<void> {
  const piece = await lockVisiblePiece(tx, staff, id);
  const note = comment?.trim() || null;
  const event = { type: STEP_EVENTS[step], by: reviewerOf(staff, piece.author_id), ...(note !== null && { comment: note }) };
  const refusal = reviewStepRefusal(piece.state, event);
  if (refusal === 'comment') {
    throw new HttpError(400, 'Say what should change before sending it back to its author.', 'VALIDATION_FAILED', {
      comment: 'Say what should change.',
    });
  }
  if (refusal === 'role') throw forbidden(`Only ${AUTHOR_STEPS.has(step) ? 'its author' : 'an admin'} can do this.`);
  const next = nextReviewState(piece.state, event);
  if (refusal === 'state' || next === null) {
    throw new HttpError(
      409,
      `This ${KIND_WORD[piece.kind]} is ${STATE_WORDS[piece.state]}, so it cannot be ${STEP_WORDS[step]}.`,
      'CONTENT_REVIEW_STEP_REFUSED',
    );
  }
  if (step === 'submit') {
    const fields = incompleteFields(piece);
    const [first] = Object.values(fields);
    if (first) throw new HttpError(400, `This ${KIND_WORD[piece.kind]} is not ready for review yet. ${first}`, 'CONTENT_INCOMPLETE', fields);
  }
  const [updated] = await tx.query<{ published_at: Date | string | null }>(
    `UPDATE content_items
        SET state = $2, review_comment = $3, updated_at = now(),
            published_at = CASE WHEN $2 = 'published' THEN coalesce(published_at, now()) ELSE published_at END
      WHERE id = $1 RETURNING published_at`,
    [piece.id, next, step === 'requestChanges' ? note : null],
  );
  await tx.query(
    `INSERT INTO content_review_events (item_id, step, from_state, to_state, actor_id, actor_role, comment) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [piece.id, step, piece.state, next, staff.userId, staff.role, note],
  );
  await writeAudit(tx, {
    actor: staff.actor,
    action: `content.${step}`,
    entity: 'content_item',
    entityId: piece.id,
    before: { state: piece.state },
    after: updated?.published_at ? { state: next, publishedAt: iso(updated.published_at) } : { state: next },
    reason: note,
  });
}

/** The piece's revisions, newest first, for its author or an admin; undefined when `staff` may not open the piece. */
export async function listRevisions(db: Queryable, staff: Staff, id: string): Promise<ContentRevision[] | undefined> {
  const [piece] = await db.query('SELECT 1 FROM content_items WHERE id = $1 AND ($2::boolean OR author_id = $3)', [id, staff.role === 'admin', staff.userId]);
  if (!piece) return undefined;
  const rows = await db.query<{ id: string; number: number; title: string; author_name: string; author_role: StaffRole; saved_at: Date | string }>(
    `SELECT r.id, r.number, r.snapshot->>'title' AS title, u.fullname AS author_name, r.author_role, r.saved_at
       FROM content_revisions r JOIN users u ON u.id = r.author_id
      WHERE r.item_id = $1 ORDER BY r.number DESC`,
    [id],
  );
  // Every save and restore adds the newest revision or updates it, so the piece's text is always the newest one's.
  return rows.map((row, index) => ({
    _id: row.id,
    number: row.number,
    title: row.title,
    author: authorOf(row.author_name, row.author_role),
    // When the text it holds was saved: an autosave moves it on.
    createdAt: iso(row.saved_at),
    current: index === 0,
  }));
}

export async function insertContentImage(tx: Queryable, actor: AuditActor, image: EncodedImage): Promise<ContentImage> {
  const [row] = await tx.query<{ id: string }>(
    'INSERT INTO content_images (bytes, width, height, uploaded_by) VALUES ($1, $2, $3, $4) RETURNING id',
    [image.bytes, image.width, image.height, actor.userId],
  );
  if (!row) throw new Error('image was not inserted');
  await writeAudit(tx, {
    actor,
    action: 'content.image_uploaded',
    entity: 'content_image',
    entityId: row.id,
    after: { kind: image.kind, width: image.width, height: image.height, bytes: image.bytes.length },
  });
  return { _id: row.id, url: contentImageUrl(row.id), width: image.width, height: image.height };
}
