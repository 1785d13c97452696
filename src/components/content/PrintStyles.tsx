import { Global } from '@emotion/react';

/**
 * On paper, the recipe alone: the shop's header and footer (the page's own, not those inside the article) and the
 * buttons and links marked `data-print-hidden` are for the screen.
 */
const printStyles = {
  '@media print': {
    'header:not(main header), footer:not(main footer), [data-print-hidden]': { display: 'none !important' },
    'main a': { color: 'inherit !important', textDecoration: 'none !important' },
    '[data-print-avoid-break]': { breakInside: 'avoid' },
  },
} as const;

export function PrintStyles() {
  return <Global styles={printStyles} />;
}
