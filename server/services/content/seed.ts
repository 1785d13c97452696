/**
 * The demo blog and recipes: three posts by the demo doctor and nutritionist and six recipes by the demo
 * nutritionist, each published as if it had gone through review (submitted by its author, approved and published by
 * the demo admin), with its first revision and its cover picture. Safe to run on every start: a piece whose address
 * exists is left alone.
 */
import type { Db, Queryable } from '../../db';
import { readingMinutes, sanitiseHtml } from './html';
import type { SeedPiece, StaffRole } from './pieces';
import { seedCover } from './seed-covers';
import { SEED_POSTS } from './seed-posts';
import { SEED_RECIPES } from './seed-recipes';

const DEMO_EMAILS: Record<StaffRole, string> = {
  admin: 'admin@demo.test',
  doctor: 'doctor@demo.test',
  nutritionist: 'nutritionist@demo.test',
};

/** The demo staff accounts' ids by role (an account missing from the database is missing here). */
async function demoStaff(db: Queryable): Promise<Partial<Record<StaffRole, string>>> {
  const rows = await db.query<{ id: string; role: StaffRole }>(
    `SELECT id, role FROM users WHERE lower(email) = ANY ($1::text[]) AND role IN ('admin', 'doctor', 'nutritionist')`,
    [Object.values(DEMO_EMAILS)],
  );
  return Object.fromEntries(rows.map((row) => [row.role, row.id]));
}

async function seedPiece(tx: Queryable, piece: SeedPiece, authorId: string, adminId: string): Promise<void> {
  const bodyHtml = sanitiseHtml(piece.bodyHtml);
  const recipe = piece.recipe ?? null;
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO content_items (kind, slug, title, summary, body_html, tags, recipe, reading_minutes, state, author_id, author_role,
                                created_at, updated_at, published_at)
     VALUES ($1, $2, $3, $4, $5, $6::text[], $7::jsonb, $8, 'published', $9, $10,
             now() - make_interval(days => $11::int + 2), now() - make_interval(days => $11::int), now() - make_interval(days => $11::int))
     ON CONFLICT (kind, slug) DO NOTHING RETURNING id`,
    [
      piece.kind,
      piece.slug,
      piece.title,
      piece.summary,
      bodyHtml,
      piece.tags,
      recipe && JSON.stringify(recipe),
      readingMinutes(bodyHtml),
      authorId,
      piece.author,
      piece.daysAgo,
    ],
  );
  if (!row) return;
  const cover = await seedCover(piece.slug);
  let coverImageId: string | null = null;
  if (cover) {
    const [image] = await tx.query<{ id: string }>(
      'INSERT INTO content_images (bytes, width, height, uploaded_by) VALUES ($1, $2, $3, $4) RETURNING id',
      [cover.bytes, cover.width, cover.height, authorId],
    );
    coverImageId = image!.id;
    await tx.query('UPDATE content_items SET cover_image_id = $1 WHERE id = $2', [coverImageId, row.id]);
  }
  const snapshot = { title: piece.title, slug: piece.slug, summary: piece.summary, bodyHtml, tags: piece.tags, coverImageId, recipe };
  await tx.query(
    `INSERT INTO content_revisions (item_id, number, author_id, author_role, snapshot, created_at, saved_at)
     VALUES ($1, 1, $2, $3, $4::jsonb, now() - make_interval(days => $5::int + 2), now() - make_interval(days => $5::int + 2))`,
    [row.id, authorId, piece.author, JSON.stringify(snapshot), piece.daysAgo],
  );
  const steps = [
    ['submit', 'draft', 'submitted', authorId, piece.author, 2],
    ['approve', 'submitted', 'approved', adminId, 'admin', 1],
    ['publish', 'approved', 'published', adminId, 'admin', 0],
  ] as const;
  for (const [step, from, to, actorId, actorRole, daysBefore] of steps) {
    await tx.query(
      `INSERT INTO content_review_events (item_id, step, from_state, to_state, actor_id, actor_role, at)
       VALUES ($1, $2, $3, $4, $5, $6, now() - make_interval(days => $7::int + $8::int))`,
      [row.id, step, from, to, actorId, actorRole, piece.daysAgo, daysBefore],
    );
  }
}

/** Publishes the demo posts and recipes that are not there yet; needs the demo staff accounts (seeded before it). */
export async function seedContent(db: Db): Promise<void> {
  const staff = await demoStaff(db);
  const adminId = staff.admin;
  if (!adminId) return;
  for (const piece of [...SEED_POSTS, ...SEED_RECIPES]) {
    const authorId = staff[piece.author];
    if (authorId) await db.transaction((tx) => seedPiece(tx, piece, authorId, adminId));
  }
}
