/**
 * Where each kind of piece is written, previewed and, once published, read. A post is edited at /blog/edit?id=…,
 * a recipe at /recipe/create?id=… (the page that starts a recipe goes on to edit it, so that recipes keep to the
 * /recipe/… addresses); each is previewed at its kind's /test page.
 */
import type { ContentKind } from './api/authoring';

export const EDIT_ROUTE = { post: '/blog/edit', recipe: '/recipe/create' } as const satisfies Record<ContentKind, string>;
export const PREVIEW_ROUTE = { post: '/blog/test', recipe: '/recipe/test' } as const satisfies Record<ContentKind, string>;
export const CREATE_ROUTE = { post: '/blogs/create', recipe: '/recipe/create' } as const satisfies Record<ContentKind, string>;

export const KIND_LABEL: Record<ContentKind, string> = { post: 'Blog post', recipe: 'Recipe' };

/** The address a published piece is read at (the blog's and recipes' pages take the slug in the search). */
export function publicPathOf(kind: ContentKind, slug: string): string {
  return kind === 'post' ? `/blog?slug=${slug}` : `/recipe?slug=${slug}`;
}

/** `?kind=` of the review queue: post or recipe, or undefined (both) for anything else. */
export function kindOf(value: unknown): ContentKind | undefined {
  return value === 'post' || value === 'recipe' ? value : undefined;
}
