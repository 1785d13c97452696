import { contentJsonLd } from '@/lib/content';
import type { Post } from './api/get-post';

/** The post for search engines: schema.org `Article`. */
export function articleJsonLd(post: Post, path: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description: post.summary,
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
    ...contentJsonLd({ author: post.author, cover: post.cover, path }),
  };
}
