/**
 * A page's entry in search results and link previews: its title, description and Open Graph tags, and its schema.org
 * data (JSON-LD). At build time the prerender writes them into the page's head (scripts/vite/prerender.ts takes them
 * from `takePrerenderedHead`); in the browser the page sets them as it opens and puts the shop's own back as it closes.
 */
import { useEffect } from 'react';
import { env } from '../../lib/env';
import { site } from '../../lib/site';

export interface PageMetaProps {
  /** The page's own title; the brand follows it. */
  title: string;
  /** One or two sentences, as a search result shows them (about 150 characters). */
  description: string;
  /** The page's address, for its canonical link and `og:url` when the shop's public address is configured. */
  path: string;
  /** `article` for a post or a recipe. */
  type?: 'website' | 'article';
  /** A picture for link previews: an address on this site or a full URL. */
  image?: string;
  /** schema.org data about the page (FAQPage, Article, Recipe…), one object or several. */
  jsonLd?: object | object[];
}

export interface HeadTag {
  kind: 'meta' | 'link';
  /** `name` or `property` for a meta tag, `rel` for a link. */
  key: 'name' | 'property' | 'rel';
  id: string;
  value: string;
}

export interface PageHead {
  title: string;
  tags: HeadTag[];
}

function absolute(path: string): string | undefined {
  if (/^https?:\/\//.test(path)) return path;
  return env.siteUrl ? `${env.siteUrl}${path}` : undefined;
}

/** The tags of a page's head, in the order they are written. */
export function headOf({ title, description, path, type = 'website', image }: PageMetaProps): PageHead {
  const fullTitle = `${title} | ${site.brand}`;
  const url = absolute(path);
  const picture = image ? absolute(image) : undefined;
  const tags: HeadTag[] = [
    { kind: 'meta', key: 'name', id: 'description', value: description },
    { kind: 'meta', key: 'property', id: 'og:site_name', value: site.brand },
    { kind: 'meta', key: 'property', id: 'og:type', value: type },
    { kind: 'meta', key: 'property', id: 'og:title', value: title },
    { kind: 'meta', key: 'property', id: 'og:description', value: description },
    { kind: 'meta', key: 'property', id: 'og:locale', value: 'en_IN' },
    { kind: 'meta', key: 'name', id: 'twitter:card', value: picture ? 'summary_large_image' : 'summary' },
  ];
  if (url) tags.push({ kind: 'meta', key: 'property', id: 'og:url', value: url }, { kind: 'link', key: 'rel', id: 'canonical', value: url });
  if (picture) tags.push({ kind: 'meta', key: 'property', id: 'og:image', value: picture });
  return { title: fullTitle, tags };
}

/** JSON for a script element: `<` is escaped, so that no text in the data can close the element. */
export function jsonLdText(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

let prerendered: PageHead | undefined;

/** The head the page just rendered on the server asked for, once (src/prerender.tsx). */
export function takePrerenderedHead(): PageHead | undefined {
  const head = prerendered;
  prerendered = undefined;
  return head;
}

function selectorOf(tag: HeadTag): string {
  return tag.kind === 'link' ? `link[rel="${tag.id}"]` : `meta[${tag.key}="${tag.id}"]`;
}

/** What the shop's frame says of itself (index.html): a page's tags give way to it when the page closes. */
export const SHOP_HEAD = {
  title: `${site.brand} | Gut microbiome tests in India`,
  description:
    'Gut microbiome tests for India: Gut Start, Gut 360, Gut SEnS and Gut Heal, with science-backed reports and diet guidance.',
} as const;

/** Writes the tags into the document's head; answers how to go back to the shop's own. */
function applyHead(head: PageHead): () => void {
  document.title = head.title;
  const written: Element[] = [];
  for (const tag of head.tags) {
    const attribute = tag.kind === 'link' ? 'href' : 'content';
    let element = document.head.querySelector(selectorOf(tag));
    if (!element) {
      element = document.createElement(tag.kind);
      element.setAttribute(tag.key, tag.id);
      document.head.append(element);
    }
    element.setAttribute(attribute, tag.value);
    written.push(element);
  }
  return () => {
    document.title = SHOP_HEAD.title;
    for (const element of written) {
      if (element.getAttribute('name') === 'description') element.setAttribute('content', SHOP_HEAD.description);
      else element.remove();
    }
  };
}

export function PageMeta(props: PageMetaProps) {
  const head = headOf(props);
  if (typeof document === 'undefined') prerendered = head;
  const key = JSON.stringify(head);
  useEffect(() => applyHead(JSON.parse(key) as PageHead), [key]);
  const data = props.jsonLd === undefined ? [] : Array.isArray(props.jsonLd) ? props.jsonLd : [props.jsonLd];
  return (
    <>
      {data.map((item, index) => (
        // Data for search engines, never run: the text is JSON with `<` escaped (jsonLdText).
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(item) }} />
      ))}
    </>
  );
}
