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
  confirmLabel: string;
  busyLabel: string;
  cancelLabel?: string;
  /** A second way on, beside the main one (leave without saving, beside save and leave). */
  other?: { label: string; onClick: () => void } | undefined;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before something that cannot simply be taken back: restoring a revision, leaving with unsaved changes,
 * sending a message again. The server's refusal shows in it while it stays open.
 */
export default function ConfirmDialog({
  title,
  text,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  other,
  busy,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      role="alertdialog"
      open
      onOpenChange={(e) => (e.open || busy ? undefined : onClose())}
      closeOnInteractOutside={false}
      closeOnEscape={!busy}
      placement="center"
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content data-testid="confirm-dialog">
            <Dialog.Header pe="12">
              <Dialog.Title fontSize="xl">{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {typeof text === 'string' ? <Text>{text}</Text> : text}
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
              <Button colorPalette="brand" onClick={onConfirm} loading={busy} loadingText={busyLabel}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild disabled={busy}>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
