/**
 * What the blog and the recipes share: who wrote a piece, in words, and the schema.org parts that both an `Article`
 * and a `Recipe` carry (author, publisher, address).
 */
import type { components } from '../../openapi/schema';
import { env } from './env';
import { site } from './site';

export type ContentAuthor = components['schemas']['ContentAuthor'];
export type ContentImage = components['schemas']['ContentImage'];

export const AUTHOR_ROLE_LABEL: Record<ContentAuthor['role'], string> = {
  doctor: 'Doctor',
  nutritionist: 'Nutritionist',
  admin: `${site.brand} team`,
  writer: 'Writer',
};

/** Search engines want full addresses; without the shop's public address (PUBLIC_SITE_URL) the path is all there is. */
export function contentUrl(path: string): string {
  return `${env.siteUrl}${path}`;
}

/** The parts of a post's or recipe's schema.org data that say who wrote it, who published it and where. */
export function contentJsonLd({ author, cover, path }: { author: ContentAuthor; cover: ContentImage | null; path: string }) {
  return {
    author: { '@type': 'Person', name: author.name, jobTitle: AUTHOR_ROLE_LABEL[author.role] },
    publisher: { '@type': 'Organization', name: site.brand },
    ...(cover ? { image: contentUrl(cover.url) } : {}),
    mainEntityOfPage: { '@type': 'WebPage', '@id': contentUrl(path) },
  };
}

/** "Meera Iyer, Nutritionist". */
export function authorLine(author: ContentAuthor): string {
  return `${author.name}, ${AUTHOR_ROLE_LABEL[author.role]}`;
}
