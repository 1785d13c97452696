import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Field } from '@chakra-ui/react/field';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Textarea } from '@chakra-ui/react/textarea';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import type { ReactNode } from 'react';
import * as v from 'valibot';
import { FormAlert } from '@/components/ui/fields';
import { firstError, useShopForm } from '@/components/ui/form';

const REASON_MAX_LENGTH = 500;
const reasonSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(3, 'Say why, in a few words: it goes to the audit log.'),
  v.maxLength(REASON_MAX_LENGTH, `At most ${REASON_MAX_LENGTH} characters.`),
);

interface ReasonDialogProps {
  title: string;
  /** What happens when it is confirmed, and that it cannot be undone. */
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  /** The server's refusal, or why the call failed, while the dialog stays open. */
  error: string | null;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Asks for the reason before something that cannot be undone (a refund, a cancellation), and says what it does. */
export function ReasonDialog({ title, children, confirmLabel, busyLabel, error, busy, onConfirm, onClose }: ReasonDialogProps) {
  const form = useShopForm({
    defaultValues: { reason: '' },
    onSubmit: ({ value }) => onConfirm(value.reason.trim()),
  });
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      role="alertdialog"
      open
      onOpenChange={(e) => (e.open || busy ? undefined : onClose())}
      closeOnInteractOutside={false}
      closeOnEscape={!busy}
      placement="center"
      scrollBehavior="inside"
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content data-testid="reason-dialog">
            <form.AppForm>
              <form.Form label={title}>
                <Dialog.Header pe="12">
                  <Dialog.Title fontSize="xl">{title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    {children}
                    <form.AppField name="reason" validators={{ onSubmit: reasonSchema }}>
                      {(field) => {
                        const message = firstError(field.state.meta.errors);
                        return (
                          <Field.Root invalid={Boolean(message)} required>
                            <Field.Label>Reason</Field.Label>
                            <Textarea
                              recipe={textareaRecipe}
                              name={field.name}
                              value={field.state.value}
                              onChange={(e) => field.handleChange(e.target.value)}
                              onBlur={field.handleBlur}
                              maxLength={REASON_MAX_LENGTH}
                              rows={3}
                            />
                            {message ? (
                              <Field.ErrorText color="red.700">{message}</Field.ErrorText>
                            ) : (
                              <Field.HelperText color="gray.600">Kept in the audit log with your name and the time.</Field.HelperText>
                            )}
                          </Field.Root>
                        );
                      }}
                    </form.AppField>
                    {error ? <FormAlert>{error}</FormAlert> : null}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={onClose} disabled={busy}>
                    Keep it
                  </Button>
                  <Button type="submit" colorPalette="red" loading={busy} loadingText={busyLabel}>
                    {confirmLabel}
                  </Button>
                </Dialog.Footer>
              </form.Form>
            </form.AppForm>
            <Dialog.CloseTrigger asChild disabled={busy}>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
