import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { toastSlotRecipe } from '@chakra-theme/recipes/toast';
import { Toaster as ChakraToaster, Toast, createToaster } from '@chakra-ui/react/toast';
import { useEffect } from 'react';
import { HEADER_HEIGHT_PX } from '../../theme/sizes';
import { attachNoticeSink } from './notices';

/** The room left between the header and a notice. */
const BELOW_HEADER_PX = 8;

/**
 * Notices: one at a time, top centre (SPEC §9), just below the header (`--notice-top`), so that the menu, the cart and
 * the drawer's close button stay within reach while one shows.
 */
const toaster = createToaster({
  placement: 'top',
  max: 1,
  pauseOnPageIdle: true,
  offsets: { top: `var(--notice-top, ${HEADER_HEIGHT_PX + BELOW_HEADER_PX}px)`, right: '1rem', bottom: '1rem', left: '1rem' },
});

/** Keeps `--notice-top` below the sticky header, whose launch strip takes one line or several by the screen's width. */
function useNoticeTop() {
  useEffect(() => {
    const header = document.querySelector('header');
    if (!header) return;
    const root = document.documentElement;
    const place = () => root.style.setProperty('--notice-top', `${Math.ceil(header.getBoundingClientRect().height) + BELOW_HEADER_PX}px`);
    place();
    const observer = new ResizeObserver(place);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
}

const DURATION_MS = { success: 4000, info: 4000, error: 6000 } as const;

export default function Toaster() {
  useNoticeTop();
  useEffect(
    () =>
      attachNoticeSink((notice) =>
        // One tick later: a notice created in the same commit that mounts the toast group is never drawn. The newest
        // notice takes the place of the one showing rather than waiting for it to go.
        setTimeout(() => {
          toaster.dismiss();
          toaster.create({ type: notice.type, description: notice.description, duration: DURATION_MS[notice.type] });
        }),
      ),
    [],
  );
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root
            recipe={toastSlotRecipe}
            width={{ md: 'sm' }}
            // White on the theme's green.600 falls short of WCAG AA contrast; green.700 gives 5:1.
            css={{ '&[data-type=success]': { bg: 'green.700' } }}
            data-testid="notice"
          >
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            <Toast.CloseTrigger aria-label="Dismiss notice" />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
