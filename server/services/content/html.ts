/**
 * The rich text of posts and recipes: kept only as HTML that passes an allowlist (sanitize-html), on every save and
 * on what Ghost sends, so that the `bodyHtml` the SPA renders can hold text, headings, lists, links, pictures and
 * tables, and nothing that runs: no scripts, styles, frames, SVG, forms, event handlers or script-bearing URLs.
 */
import sanitizeHtml, { type IOptions } from 'sanitize-html';

/** Pictures in the text come from our own store (`/api/content-images/…`) or an https address. */
const OWN_IMAGE = /^\/api\/content-images\/[A-Za-z0-9-]{1,64}$/;
/** What a browser ignores in a URL's scheme (`java\tscript:`), removed before the scheme is read. */
// eslint-disable-next-line no-control-regex -- browsers drop these characters, so the check must too
const IGNORED_IN_URLS = /[\u0000-\u0020\u007f-\u009f]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const LINK_SCHEMES = ['http', 'https', 'mailto'];
const DIMENSION = /^\d{1,4}$/;

/** `href` as kept: http(s), mailto or relative (same site); undefined for anything else (javascript:, data:, //host). */
function safeHref(href: string | undefined): string | undefined {
  if (href === undefined) return undefined;
  const compact = href.replace(IGNORED_IN_URLS, '');
  if (compact === '' || /^[/\\]{2}/.test(compact)) return undefined;
  const scheme = SCHEME.exec(compact)?.[1]?.toLowerCase();
  if (scheme !== undefined && !LINK_SCHEMES.includes(scheme)) return undefined;
  return href.trim();
}

function safeImageSource(src: string | undefined): string | undefined {
  if (src === undefined) return undefined;
  const value = src.trim();
  if (OWN_IMAGE.test(value)) return value;
  if (!value.startsWith('https://') || !URL.canParse(value)) return undefined;
  return value;
}

const OPTIONS: IOptions = {
  allowedTags: [
    'p', 'h2', 'h3', 'h4', 'strong', 'em', 'u', 's', 'blockquote', 'ul', 'ol', 'li', 'a', 'br', 'hr', 'code', 'pre',
    'figure', 'figcaption', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Dropped with everything inside them: what they hold is code, markup of another language, or form state.
  nonTextTags: [
    'script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'noembed', 'noframes', 'template', 'title', 'iframe', 'object',
    'embed', 'svg', 'math', 'select',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    // Every link gets rel="noopener noreferrer"; one to another site opens in a new tab.
    a: (tagName, attribs) => {
      const href = safeHref(attribs.href);
      const external = href !== undefined && /^https?:/i.test(href.replace(IGNORED_IN_URLS, ''));
      return {
        tagName,
        attribs: { ...(href !== undefined && { href }), rel: 'noopener noreferrer', ...(external && { target: '_blank' }) },
      };
    },
    img: (tagName, attribs) => {
      const src = safeImageSource(attribs.src);
      return {
        tagName,
        attribs: {
          ...(src !== undefined && { src }),
          ...(attribs.alt !== undefined && { alt: attribs.alt }),
          ...(attribs.width !== undefined && DIMENSION.test(attribs.width) && { width: attribs.width }),
          ...(attribs.height !== undefined && DIMENSION.test(attribs.height) && { height: attribs.height }),
        },
      };
    },
  },
  // A picture whose address was refused is no picture at all.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** `html` with only what the allowlist keeps. */
export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** The words of sanitised HTML as plain text, one space between them (for lengths, reading time and the PDF). */
export function plainText(html: string): string {
  // A space for each tag, so that the last word of a paragraph and the first of the next stay apart.
  const text = sanitizeHtml(html.replace(/</g, ' <'), { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

const WORDS_PER_MINUTE = 200;

/** Minutes to read `html` at 200 words a minute, at least one. */
export function readingMinutes(html: string): number {
  const words = plainText(html).split(' ').filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
