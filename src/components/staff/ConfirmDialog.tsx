import { Box } from '@chakra-ui/react/box';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import type { ReactNode } from 'react';
import { FormAlert } from '@/components/ui/fields';

interface ConfirmDialogProps {
  title: string;
  text: ReactNode;
  /** What the staff member fills in or reads after the text: a reason, a note, a word to type. */
  children?: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel?: string;
  /** `destructive` makes the confirm button red, for what deletes, ends or takes away. */
  tone?: 'brand' | 'destructive';
  /** The dialog is a form named by its title: the confirm button submits it, as Enter in one of its fields does. */
  asForm?: boolean;
  /** Keeps the confirm button off until what the dialog asks for is given. */
  confirmDisabled?: boolean;
  /** A second way on, beside the main one (leave without saving, beside save and leave). */
  other?: { label: string; onClick: () => void } | undefined;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  /** Where the focus goes once the dialog has closed, when not back to what opened it. */
  finalFocus?: () => HTMLElement | null;
  closeLabel?: string;
  testId?: string;
}

/**
 * Asks before something that cannot simply be taken back: restoring a revision, leaving with unsaved changes,
 * sending a message again, deleting or refunding. The server's refusal shows in it while it stays open.
 */
export default function ConfirmDialog({
  title,
  text,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  tone = 'brand',
  asForm = false,
  confirmDisabled,
  other,
  busy,
  error,
  onConfirm,
  onClose,
  finalFocus,
  closeLabel = 'Close',
  testId = 'confirm-dialog',
}: ConfirmDialogProps) {
  const frame = (
    <>
      <Dialog.Header pe="12">
        <Dialog.Title fontSize="xl">{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          {typeof text === 'string' ? <Text>{text}</Text> : text}
          {children}
          {error ? <FormAlert>{error}</FormAlert> : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        <Button variant="outline" onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        {other ? (
          <Button variant="outline" colorPalette="red" onClick={other.onClick} disabled={busy}>
            {other.label}
          </Button>
        ) : null}
        <Button
          type={asForm ? 'submit' : 'button'}
          colorPalette={tone === 'destructive' ? 'red' : 'brand'}
          onClick={asForm ? undefined : onConfirm}
          disabled={confirmDisabled}
          loading={busy}
          loadingText={busyLabel}
        >
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </>
  );
  return (
    // Its recipe comes with the dialog, not with the system every page loads.
    <Dialog.Root
      recipe={dialogSlotRecipe}
      role="alertdialog"
      open
      onOpenChange={(e) => (e.open || busy ? undefined : onClose())}
      closeOnInteractOutside={false}
      closeOnEscape={!busy}
      finalFocusEl={finalFocus}
      placement="center"
      scrollBehavior="inside"
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        {/* A margin on a phone too, so that the page behind shows that this is a dialog over it. */}
        <Dialog.Positioner px="3">
          <Dialog.Content data-testid={testId}>
            {asForm ? (
              <Box asChild display="contents">
                <form
                  noValidate
                  aria-label={title}
                  onSubmit={(event) => {
                    event.preventDefault();
                    event.stopPropagation();
                    onConfirm();
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
