import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { FormAlert } from '@/components/ui/fields';
import type { AdminPublication } from '../api/publications';

interface DeletePublicationDialogProps {
  publication: AdminPublication;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before deleting an entry, which cannot be undone; hiding it keeps it for later. */
export default function DeletePublicationDialog({ publication, busy, error, onConfirm, onClose }: DeletePublicationDialogProps) {
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
          <Dialog.Content data-testid="publication-delete">
            <Dialog.Header pe="12">
              <Dialog.Title fontSize="xl">Delete this publication?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontWeight="semibold">{publication.title}</Text>
                <Text>
                  It leaves the publications page and this list for good. This cannot be undone: to take it off the page for
                  a while, hide it instead.
                </Text>
                {error ? <FormAlert>{error}</FormAlert> : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Keep it
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={busy} loadingText="Deleting…">
                Delete
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
