import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { toastSlotRecipe } from '@chakra-theme/recipes/toast';
import { Toaster as ChakraToaster, Toast, createToaster } from '@chakra-ui/react/toast';
import { useEffect } from 'react';
import { attachNoticeSink } from './notices';

/** Notices: one at a time, top centre (SPEC §9). */
const toaster = createToaster({ placement: 'top', max: 1, pauseOnPageIdle: true });

const DURATION_MS = { success: 4000, info: 4000, error: 6000 } as const;

export default function Toaster() {
  useEffect(
    () =>
      attachNoticeSink((notice) =>
        // One tick later: a notice created in the same commit that mounts the toast group is never drawn.
        setTimeout(() =>
          toaster.create({ type: notice.type, description: notice.description, duration: DURATION_MS[notice.type] }),
        ),
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
