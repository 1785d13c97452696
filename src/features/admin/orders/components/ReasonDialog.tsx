import { Field } from '@chakra-ui/react/field';
import { Textarea } from '@chakra-ui/react/textarea';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import type { ReactNode } from 'react';
import * as v from 'valibot';
import ConfirmDialog from '@/components/staff/ConfirmDialog';
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
    <ConfirmDialog
      testId="reason-dialog"
      title={title}
      text={children}
      confirmLabel={confirmLabel}
      busyLabel={busyLabel}
      cancelLabel="Keep it"
      tone="destructive"
      asForm
      busy={busy}
      error={error}
      onConfirm={() => void form.handleSubmit()}
      onClose={onClose}
    >
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
    </ConfirmDialog>
  );
}
