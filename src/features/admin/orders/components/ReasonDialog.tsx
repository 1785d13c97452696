import type { ReactNode } from 'react';
import * as v from 'valibot';
import ConfirmDialog from '@/components/staff/ConfirmDialog';
import { TextareaField } from '@/components/staff/TextareaField';
import { useShopForm } from '@/components/ui/form';

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
        {(field) => (
          <TextareaField field={field} label="Reason" required maxLength={REASON_MAX_LENGTH} rows={3} helper="Kept in the audit log with your name and the time." />
        )}
      </form.AppField>
    </ConfirmDialog>
  );
}
