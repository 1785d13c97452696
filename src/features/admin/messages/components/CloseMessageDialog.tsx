import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Field } from '@chakra-ui/react/field';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import { useState } from 'react';
import { FormAlert } from '@/components/ui/fields';
import type { ContactMessage } from '../api/contact-messages';

/** The contract's longest closing note. */
const NOTE_MAX_LENGTH = 1000;
const NOTE_ID = 'message-closing-note';

interface CloseMessageDialogProps {
  message: ContactMessage;
  busy: boolean;
  /** Why the call failed, while the dialog stays open. */
  error: string | null;
  onConfirm: (note: string) => void;
  onClose: () => void;
}

/** Asks before a message is closed, with an optional note of what was done, kept with the staff member's name. */
export default function CloseMessageDialog({ message, busy, error, onConfirm, onClose }: CloseMessageDialogProps) {
  const [note, setNote] = useState('');
  const title = `Close ${message.reference}?`;
  return (
    // Its recipe comes with the dialog, not with the system every page loads.
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
          <Dialog.Content data-testid="close-message-dialog">
            <form
              noValidate
              aria-label={title}
              onSubmit={(event) => {
                event.preventDefault();
                if (!busy) onConfirm(note);
              }}
            >
              <Dialog.Header pe="12">
                <Dialog.Title fontSize="xl">{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text>
                    Close the message from {message.name} once it has been answered. It stays in the list under Closed, with your name, the
                    time and your note.
                  </Text>
                  <Field.Root>
                    <Field.Label htmlFor={NOTE_ID}>Note (optional)</Field.Label>
                    <Textarea
                      recipe={textareaRecipe}
                      id={NOTE_ID}
                      value={note}
                      onChange={(event) => setNote(event.target.value)}
                      maxLength={NOTE_MAX_LENGTH}
                      rows={4}
                    />
                    <Field.HelperText color="gray.700">
                      What was done, for whoever reads it next. {note.length}/{NOTE_MAX_LENGTH} characters.
                    </Field.HelperText>
                  </Field.Root>
                  {error ? <FormAlert>{error}</FormAlert> : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="brand" loading={busy} loadingText="Closing…">
                  Close message
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild disabled={busy}>
              <CloseButton size="sm" aria-label="Close the dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
