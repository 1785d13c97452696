/**
 * The published posts and recipes, as anyone reads them. Nothing else leaves here: a piece in any other state, taken
 * down included, is as if it did not exist.
 */
import type { components } from '../../../openapi/schema';
import type { Queryable } from '../../db';
import {
  AUTHOR_AND_COVER_COLUMNS,
  AUTHOR_AND_COVER_JOINS,
  authorOf,
  coverOf,
  RECIPE_COURSES,
  type AuthorAndCoverRow,
  type ContentKind,
  type RecipeCourse,
  type RecipeDetails,
} from '../../services/content/pieces';
import { iso } from '../orders/queries';

type Post = components['schemas']['Post'];
type PostSummary = components['schemas']['PostSummary'];
type Recipe = components['schemas']['Recipe'];
type RecipeSummary = components['schemas']['RecipeSummary'];
type TagCount = components['schemas']['TagCount'];
type GutBenefit = components['schemas']['GutBenefit'];

interface PublishedRow extends AuthorAndCoverRow, Record<string, unknown> {
  id: string;
  slug: string;
  title: string;
  summary: string;
  tags: string[];
  reading_minutes: number;
  recipe: RecipeDetails | null;
  published_at: Date | string;
  updated_at: Date | string;
  body_html?: string;
}

const SUMMARY_COLUMNS = `c.id, c.slug, c.title, c.summary, c.tags, c.reading_minutes, c.recipe, c.published_at, c.updated_at,
  ${AUTHOR_AND_COVER_COLUMNS}`;
const FROM_PUBLISHED = `FROM content_items c ${AUTHOR_AND_COVER_JOINS} WHERE c.state = 'published'`;
const NEWEST_FIRST = 'ORDER BY c.published_at DESC, c.id DESC';

function postSummaryOf(row: PublishedRow): PostSummary {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    tags: row.tags,
    author: authorOf(row.author_name, row.author_role),
    publishedAt: iso(row.published_at),
    readingMinutes: row.reading_minutes,
    cover: coverOf(row),
  };
}

/** A published recipe's parts, each of which its review made sure it has. */
function completeRecipe(row: PublishedRow) {
  const recipe = row.recipe;
  if (!recipe || recipe.prepMinutes === null || recipe.cookMinutes === null || recipe.servings === null || recipe.nutrition === null) {
    throw new Error(`published recipe ${row.id} lacks parts that submitting it requires`);
  }
  return { ...recipe, prepMinutes: recipe.prepMinutes, cookMinutes: recipe.cookMinutes, servings: recipe.servings, nutrition: recipe.nutrition };
}

function recipeSummaryOf(row: PublishedRow): RecipeSummary {
  const recipe = completeRecipe(row);
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    tags: row.tags,
    author: authorOf(row.author_name, row.author_role),
    publishedAt: iso(row.published_at),
    cover: coverOf(row),
    course: recipe.course,
    diets: recipe.diets,
    benefits: recipe.benefits,
    prepMinutes: recipe.prepMinutes,
    cookMinutes: recipe.cookMinutes,
    servings: recipe.servings,
  };
}

function recipeOf(row: PublishedRow): Recipe {
  const recipe = completeRecipe(row);
  return {
    ...recipeSummaryOf(row),
    bodyHtml: row.body_html ?? '',
    ingredients: recipe.ingredients,
    steps: recipe.steps,
    nutrition: recipe.nutrition,
    gutNote: recipe.gutNote,
    updatedAt: iso(row.updated_at),
  };
}

/** Builds a parameterised WHERE clause of published pieces of `kind`. */
function publishedFilter(kind: ContentKind) {
  const params: unknown[] = [kind];
  const where = ['c.kind = $1'];
  return {
    params,
    where,
    param(value: unknown) {
      params.push(value);
      return `$${params.length}`;
    },
  };
}

/** `q` as a full-text query: the words it has, each stemmed as the index stems them. */
const matches = (placeholder: string) => `c.search @@ websearch_to_tsquery('english', ${placeholder})`;

export interface PostQuery {
  q?: string | undefined;
  tag?: string | undefined;
  limit: number;
  offset: number;
}

export async function listPosts(db: Queryable, query: PostQuery): Promise<{ items: PostSummary[]; total: number; tags: TagCount[] }> {
  const filter = publishedFilter('post');
  if (query.q?.trim()) filter.where.push(matches(filter.param(query.q.trim())));
  if (query.tag) filter.where.push(`c.tags @> ARRAY[${filter.param(query.tag)}]::text[]`);
  const condition = `AND ${filter.where.join(' AND ')}`;
  const counted = [...filter.params];
  const [rows, [count], tags] = await Promise.all([
    db.query<PublishedRow>(
      `SELECT ${SUMMARY_COLUMNS} ${FROM_PUBLISHED} ${condition} ${NEWEST_FIRST} LIMIT ${filter.param(query.limit)} OFFSET ${filter.param(query.offset)}`,
      filter.params,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM content_items c WHERE c.state = 'published' ${condition}`, counted),
    db.query<{ tag: string; count: number }>(
      `SELECT tag, count(*)::int AS count FROM content_items c, unnest(c.tags) AS tag
        WHERE c.state = 'published' AND c.kind = 'post' GROUP BY tag ORDER BY count DESC, tag`,
    ),
  ]);
  return { items: rows.map(postSummaryOf), total: count?.total ?? 0, tags };
}

export async function postBySlug(db: Queryable, slug: string): Promise<Post | undefined> {
  const [row] = await db.query<PublishedRow>(`SELECT ${SUMMARY_COLUMNS}, c.body_html ${FROM_PUBLISHED} AND c.kind = 'post' AND c.slug = $1`, [slug]);
  return row && { ...postSummaryOf(row), bodyHtml: row.body_html ?? '', updatedAt: iso(row.updated_at) };
}

const RELATED_POSTS = 3;

/** Up to three other posts: those sharing most of `post`'s tags first, then the newest. */
export async function relatedPosts(db: Queryable, post: Post): Promise<PostSummary[]> {
  const rows = await db.query<PublishedRow>(
    `SELECT ${SUMMARY_COLUMNS} ${FROM_PUBLISHED} AND c.kind = 'post' AND c.id <> $1
      ORDER BY cardinality(ARRAY(SELECT unnest(c.tags) INTERSECT SELECT unnest($2::text[]))) DESC, c.published_at DESC, c.id DESC
      LIMIT ${RELATED_POSTS}`,
    [post._id, post.tags],
  );
  return rows.map(postSummaryOf);
}

export interface RecipeQuery {
  q?: string | undefined;
  vegetarian?: boolean | undefined;
  vegan?: boolean | undefined;
  glutenFree?: boolean | undefined;
  jain?: boolean | undefined;
  benefit?: GutBenefit | undefined;
  course?: RecipeCourse | undefined;
  limit: number;
  offset: number;
}

export async function listRecipes(db: Queryable, query: RecipeQuery): Promise<{ items: RecipeSummary[]; total: number }> {
  const filter = publishedFilter('recipe');
  if (query.q?.trim()) filter.where.push(matches(filter.param(query.q.trim())));
  // A diet asked for as true must hold; false asks for nothing. Containment reads the recipes' index.
  const diets = Object.fromEntries((['vegetarian', 'vegan', 'glutenFree', 'jain'] as const).filter((diet) => query[diet]).map((diet) => [diet, true]));
  const wanted = {
    ...(Object.keys(diets).length > 0 && { diets }),
    ...(query.course && { course: query.course }),
    ...(query.benefit && { benefits: [query.benefit] }),
  };
  if (Object.keys(wanted).length > 0) filter.where.push(`c.recipe @> ${filter.param(JSON.stringify(wanted))}::jsonb`);
  const condition = `AND ${filter.where.join(' AND ')}`;
  const counted = [...filter.params];
  const [rows, [count]] = await Promise.all([
    db.query<PublishedRow>(
      `SELECT ${SUMMARY_COLUMNS} ${FROM_PUBLISHED} ${condition} ${NEWEST_FIRST} LIMIT ${filter.param(query.limit)} OFFSET ${filter.param(query.offset)}`,
      filter.params,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM content_items c WHERE c.state = 'published' ${condition}`, counted),
  ]);
  return { items: rows.map(recipeSummaryOf), total: count?.total ?? 0 };
}

export async function recipeBySlug(db: Queryable, slug: string): Promise<Recipe | undefined> {
  const [row] = await db.query<PublishedRow>(`SELECT ${SUMMARY_COLUMNS}, c.body_html ${FROM_PUBLISHED} AND c.kind = 'recipe' AND c.slug = $1`, [slug]);
  return row && recipeOf(row);
}

export interface CookbookCourse {
  course: RecipeCourse;
  recipes: Recipe[];
}

/** Every published recipe, by course in the order a meal is served, by title within a course. */
export async function cookbook(db: Queryable): Promise<CookbookCourse[]> {
  const rows = await db.query<PublishedRow>(`SELECT ${SUMMARY_COLUMNS}, c.body_html ${FROM_PUBLISHED} AND c.kind = 'recipe' ORDER BY lower(c.title), c.id`);
  const recipes = rows.map(recipeOf);
  return RECIPE_COURSES.map((course) => ({ course, recipes: recipes.filter((recipe) => recipe.course === course) })).filter(
    (group) => group.recipes.length > 0,
  );
}

/** Changes whenever what the cookbook prints changes: a recipe published, taken down or edited, an author renamed. */
export async function cookbookVersion(db: Queryable): Promise<string> {
  const [row] = await db.query<{ version: string | null }>(
    `SELECT md5(string_agg(c.id || ':' || c.updated_at::text || ':' || u.fullname, ',' ORDER BY c.id)) AS version
       FROM content_items c JOIN users u ON u.id = c.author_id WHERE c.state = 'published' AND c.kind = 'recipe'`,
  );
  return row?.version ?? 'empty';
}

/** A stored cover picture's WebP bytes. */
export async function contentImageBytes(db: Queryable, id: string): Promise<Buffer | undefined> {
  const [row] = await db.query<{ bytes: Uint8Array }>('SELECT bytes FROM content_images WHERE id = $1', [id]);
  return row && Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
}
