import { Field } from '@chakra-ui/react/field';
import { Textarea } from '@chakra-ui/react/textarea';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import { useState } from 'react';
import ConfirmDialog from '@/components/staff/ConfirmDialog';
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
  return (
    <ConfirmDialog
      testId="close-message-dialog"
      title={`Close ${message.reference}?`}
      text={`Close the message from ${message.name} once it has been answered. It stays in the list under Closed, with your name, the time and your note.`}
      confirmLabel="Close message"
      busyLabel="Closing…"
      closeLabel="Close the dialog"
      asForm
      busy={busy}
      error={error}
      onConfirm={() => {
        if (!busy) onConfirm(note);
      }}
      onClose={onClose}
    >
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
    </ConfirmDialog>
  );
}
