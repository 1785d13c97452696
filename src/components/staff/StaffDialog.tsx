import { Box } from '@chakra-ui/react/box';
import { CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import type { ReactNode } from 'react';

interface StaffDialogProps {
  title: string;
  /** What follows the title: the dialog's body and footer. */
  children: ReactNode;
  /** While a call runs the dialog stays open: Escape, the close button and closing are off. */
  busy: boolean;
  onClose: () => void;
  /** `alertdialog` for a dialog that asks before something that cannot simply be taken back. */
  role?: 'dialog' | 'alertdialog';
  size?: 'md' | 'lg';
  /** `inside` scrolls the body within the dialog, for one taller than a phone's screen. */
  scrollBehavior?: 'inside' | 'outside';
  /** The dialog is a form named by its title; it calls this on submit (its submit button, or Enter in a field). */
  onSubmit?: (() => void) | undefined;
  /** Where the focus goes once the dialog has closed, when not back to what opened it. */
  finalFocus?: (() => HTMLElement | null) | undefined;
  closeLabel?: string;
  testId: string;
}

/** The frame of a staff dialog: centred over the page, its title, a close button, and what follows as children. */
export function StaffDialog({ title, children, busy, onClose, role = 'dialog', size = 'md', scrollBehavior, onSubmit, finalFocus, closeLabel = 'Close', testId }: StaffDialogProps) {
  const frame = (
    <>
      <Dialog.Header pe="12">
        <Dialog.Title fontSize="xl">{title}</Dialog.Title>
      </Dialog.Header>
      {children}
    </>
  );
  return (
    // Its recipe comes with the dialog, not with the system every page loads.
    <Dialog.Root
      recipe={dialogSlotRecipe}
      role={role}
      open
      onOpenChange={(e) => (e.open || busy ? undefined : onClose())}
      closeOnInteractOutside={false}
      closeOnEscape={!busy}
      finalFocusEl={finalFocus}
      placement="center"
      scrollBehavior={scrollBehavior}
      size={size}
    >
      <Portal>
        <Dialog.Backdrop />
        {/* A margin on a phone too, so that the page behind shows that this is a dialog over it. */}
        <Dialog.Positioner px="3">
          <Dialog.Content data-testid={testId}>
            {onSubmit ? (
              <Box asChild display="contents">
                <form
                  noValidate
                  aria-label={title}
                  onSubmit={(event) => {
                    event.preventDefault();
                    event.stopPropagation();
                    onSubmit();
                  }}
                >
                  {frame}
                </form>
              </Box>
            ) : (
              frame
            )}
            <Dialog.CloseTrigger asChild disabled={busy}>
              <CloseButton size="sm" aria-label={closeLabel} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
