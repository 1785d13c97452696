/**
 * The text of a post or recipe (`bodyHtml`): the only HTML the shop puts on a page as HTML. It is safe to inject
 * because the server keeps only what its allowlist allows (sanitize-html on save, and on Ghost's text before it is
 * sent: see `bodyHtml` in openapi/openapi.yaml), so no script, event handler, style or `javascript:` link reaches
 * here. Everything else on the content pages is rendered as text. Shared by posts, recipes and the authoring preview.
 */
import { Box } from '@chakra-ui/react/box';

const focusRing = { outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px', borderRadius: 'xs' };

/** Reading typography for the elements the allowlist admits; the page's own heading is the h1, so the text starts at h2. */
const richTextStyles = {
  color: 'gray.800',
  fontSize: { base: 'md', md: 'lg' },
  lineHeight: '1.75',
  overflowWrap: 'break-word',
  '& > * + *': { marginTop: '4' },
  '& h2': { fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', lineHeight: '1.3', color: 'gray.900', marginTop: '10' },
  '& h3': { fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'semibold', lineHeight: '1.35', color: 'gray.900', marginTop: '8' },
  '& h4': { fontSize: 'lg', fontWeight: 'semibold', color: 'gray.900', marginTop: '6' },
  '& ul': { paddingInlineStart: '6', listStyleType: 'disc' },
  '& ol': { paddingInlineStart: '6', listStyleType: 'decimal' },
  '& li + li': { marginTop: '1.5' },
  '& li > ul, & li > ol': { marginTop: '1.5' },
  '& blockquote': { borderInlineStartWidth: '4px', borderColor: 'brand.300', paddingInlineStart: '4', fontStyle: 'italic', color: 'gray.700' },
  '& a': { color: 'brand.800', textDecoration: 'underline', textUnderlineOffset: '2px' },
  '& a:hover': { color: 'brand.900' },
  '& a:focus-visible': focusRing,
  '& strong, & b': { fontWeight: 'semibold', color: 'gray.900' },
  '& img': { maxWidth: '100%', height: 'auto', borderRadius: 'md' },
  '& figure': { marginInline: '0' },
  '& figcaption': { marginTop: '2', fontSize: 'sm', color: 'gray.700' },
  // A wide table scrolls on its own rather than widening the page on a phone.
  '& table': { display: 'block', maxWidth: '100%', overflowX: 'auto', borderCollapse: 'collapse', fontSize: 'md' },
  '& th, & td': { borderWidth: '1px', borderColor: 'gray.300', paddingBlock: '2', paddingInline: '3', textAlign: 'start', verticalAlign: 'top' },
  '& th': { background: 'gray.50', fontWeight: 'semibold' },
  '& hr': { borderColor: 'gray.200', marginBlock: '8' },
  '& code': { fontFamily: 'mono', fontSize: '0.9em', background: 'gray.100', paddingInline: '1', borderRadius: 'xs' },
} as const;

/** `html` as the server sanitised it, never a plain field. */
export function RichText({ html }: { html: string }) {
  return <Box css={richTextStyles} data-rich-text="" dangerouslySetInnerHTML={{ __html: html }} />;
}
