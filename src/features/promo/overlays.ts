/**
 * Whether the person has something open that the offer must not cover: the mobile drawer, a header menu or any
 * other dialog. Read from the page itself (ARIA states the layout already renders), so that no layout component
 * has to know about the offer.
 */

/** Open dialogs and drawers (Chakra marks them), modal elements, and disclosure buttons whose panel is shown. */
const OVERLAY_SELECTOR = '[role="dialog"][data-state="open"], [aria-modal="true"], [aria-expanded="true"]';
const PROMO_ROOT_ATTRIBUTE = 'data-promo';
/** Spread on the offer's own dialog, so that it never counts as something the offer would cover. */
export const promoRootProps = { [PROMO_ROOT_ATTRIBUTE]: '' };

export function overlayOpen(root: ParentNode = document): boolean {
  return [...root.querySelectorAll(OVERLAY_SELECTOR)].some((element) => !element.closest(`[${PROMO_ROOT_ATTRIBUTE}]`));
}

/**
 * Calls `onChange` with whether an overlay is open now, then each time that changes, until the returned function
 * is called. Watches only the attributes and nodes that open or close one.
 */
export function watchOverlays(onChange: (open: boolean) => void): () => void {
  let open = overlayOpen();
  onChange(open);
  const observer = new MutationObserver(() => {
    const now = overlayOpen();
    if (now === open) return;
    open = now;
    onChange(open);
  });
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-expanded', 'aria-modal', 'data-state', 'role'],
  });
  return () => observer.disconnect();
}

/** A field the person types in: the offer must not take the keyboard from it. */
function isField(element: Element | null): boolean {
  if (!element || element.closest(`[${PROMO_ROOT_ATTRIBUTE}]`)) return false;
  if (element instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'submit', 'reset', 'image', 'range', 'color', 'file'].includes(element.type);
  return element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement || (element as HTMLElement).isContentEditable;
}

/** Calls `onChange` with whether a field has focus now, then each time that changes, until the returned function is called. */
export function watchTyping(onChange: (focused: boolean) => void): () => void {
  let focused = isField(document.activeElement);
  onChange(focused);
  // focusout fires before the next element has focus: read it once focus has settled.
  const check = () =>
    queueMicrotask(() => {
      const now = isField(document.activeElement);
      if (now === focused) return;
      focused = now;
      onChange(focused);
    });
  document.addEventListener('focusin', check);
  document.addEventListener('focusout', check);
  return () => {
    document.removeEventListener('focusin', check);
    document.removeEventListener('focusout', check);
  };
}
