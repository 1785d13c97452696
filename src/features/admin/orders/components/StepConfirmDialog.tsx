/**
 * Asks before a step that e-mails the customer, and shows what they will receive: the e-mail's subject and what it
 * tells them, to whom, and whether a text goes too. A report given as a PDF can be opened here before it is published.
 */
import { Text } from '@chakra-ui/react/text';
import { useEffect, useState, type ReactNode } from 'react';
import ConfirmDialog from '@/components/staff/ConfirmDialog';
import type { CustomerMessage } from './customer-messages';
import { StepMessagePreview } from './StepMessagePreview';

interface StepConfirmDialogProps {
  title: string;
  /** What the step does, for staff. */
  what: ReactNode;
  message: CustomerMessage | null;
  /** The customer's e-mail address; null when the account has none (erased). */
  email: string | null;
  /** The report PDF about to be published, to open before publishing. */
  file?: File | null | undefined;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** A link that opens a file chosen on this computer, for as long as the dialog is open. */
function ChosenFile({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url ? (
    <Text>
      <a href={url} target="_blank" rel="noopener noreferrer" style={{ textDecoration: 'underline' }} data-testid="step-confirm-file">
        Open the chosen PDF ({file.name})
      </a>{' '}
      to check it is this kit’s report.
    </Text>
  ) : null;
}

export function StepConfirmDialog({ title, what, message, email, file, confirmLabel, busyLabel, busy, error, onConfirm, onClose }: StepConfirmDialogProps) {
  return (
    <ConfirmDialog
      testId="step-confirm-dialog"
      title={title}
      text={what}
      confirmLabel={confirmLabel}
      busyLabel={busyLabel}
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {file ? <ChosenFile file={file} /> : null}
      <StepMessagePreview email={email} message={message} />
    </ConfirmDialog>
  );
}
