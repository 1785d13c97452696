import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { FormAlert } from '@/components/ui/fields';
import { StaffDialog } from './StaffDialog';

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
  return (
    <StaffDialog
      title={title}
      role="alertdialog"
      scrollBehavior="inside"
      busy={busy}
      onClose={onClose}
      onSubmit={asForm ? onConfirm : undefined}
      finalFocus={finalFocus}
      closeLabel={closeLabel}
      testId={testId}
    >
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
    </StaffDialog>
  );
}
