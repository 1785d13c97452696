import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Field } from '@chakra-ui/react/field';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import { useState } from 'react';
import { COMMENT_MAX } from '../../../../machines/content-review';
import { StaffDialog } from '@/components/staff/StaffDialog';
import { FormAlert } from '@/components/ui/fields';

interface RequestChangesDialogProps {
  title: string;
  authorName: string;
  busy: boolean;
  /** Why the call failed, while the dialog stays open. */
  error: string | null;
  onConfirm: (comment: string) => void;
  onClose: () => void;
}

/** Sends a piece back to its author: the comment says what to change, and the author reads it on their edit page. */
export default function RequestChangesDialog({ title, authorName, busy, error, onConfirm, onClose }: RequestChangesDialogProps) {
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <StaffDialog
      title="Request changes"
      busy={busy}
      onClose={onClose}
      onSubmit={() => {
        if (busy) return;
        if (comment.trim() === '') setMissing(true);
        else onConfirm(comment.trim());
      }}
      testId="request-changes-dialog"
    >
      <Dialog.Body>
        <Stack gap="4">
          <Text>
            “{title}” goes back to {authorName}, who can change it and submit it again. Say what to change: they see your comment at the top
            of their edit page.
          </Text>
          <Field.Root invalid={missing} required>
            <Field.Label>What should change</Field.Label>
            <Textarea
              recipe={textareaRecipe}
              value={comment}
              onChange={(event) => {
                setComment(event.target.value);
                setMissing(false);
              }}
              maxLength={COMMENT_MAX}
              rows={6}
            />
            {missing ? <Field.ErrorText color="red.700">Write what should change; the author needs to know.</Field.ErrorText> : null}
            <Field.HelperText color="gray.700">
              {comment.length} of {COMMENT_MAX} characters.
            </Field.HelperText>
          </Field.Root>
          {error ? <FormAlert>{error}</FormAlert> : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="orange" loading={busy} loadingText="Sending…">
          Send back to the author
        </Button>
      </Dialog.Footer>
    </StaffDialog>
  );
}
