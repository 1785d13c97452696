/**
 * The blog list's first page as the build renders it for the server to fill in (scripts/vite/prerender.ts,
 * server/plugins/list-page.ts): an answer whose every value is a marker the server finds in the markup and replaces
 * with a real post's. One post has a cover and a tag, the other neither; one topic; more posts than a page holds, so
 * that the pager is there. Only the build reads it.
 */
import type { EmbeddedAnswer } from '@/lib/embedded-answer';
import { FIRST_PAGE_KEY, type PostList } from './api/list-posts';

/** Values the markup shows as text, a number where the page computes with it. */
const shown = (marker: string) => marker as unknown as number;

const BLOG_LIST_SAMPLE: PostList = {
  items: [
    {
      _id: 'template-post-a',
      slug: 'template-post-a',
      title: '⟦title-a⟧',
      summary: '⟦summary-a⟧',
      tags: ['⟦tag-a⟧'],
      author: { name: '⟦author-a⟧', role: 'doctor' },
      publishedAt: '1999-12-31T18:30:00.000Z',
      readingMinutes: shown('⟦minutes-a⟧'),
      cover: { _id: 'template-cover', url: '⟦cover-url⟧', width: shown('⟦cover-width⟧'), height: shown('⟦cover-height⟧') },
    },
    {
      _id: 'template-post-b',
      slug: 'template-post-b',
      title: '⟦title-b⟧',
      summary: '⟦summary-b⟧',
      tags: [],
      author: { name: '⟦author-b⟧', role: 'doctor' },
      publishedAt: '1999-12-31T18:30:00.000Z',
      readingMinutes: shown('⟦minutes-b⟧'),
      cover: null,
    },
  ],
  total: 9137,
  tags: [{ tag: '⟦topic⟧', count: 8111 }],
};

/** The answer the blog list's template is rendered from, keyed as the server embeds the real one. */
export const BLOG_LIST_TEMPLATE: EmbeddedAnswer = { operationId: 'listPosts', key: FIRST_PAGE_KEY, answer: BLOG_LIST_SAMPLE };
