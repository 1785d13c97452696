import { Box } from '@chakra-ui/react/box';
import { Field } from '@chakra-ui/react/field';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import { useState } from 'react';
import ConfirmDialog from '@/components/staff/ConfirmDialog';
import { TextField } from '@/components/ui/fields';
import { notify } from '@/components/ui/notices';
import { failureMessage } from '@/lib/failure';
import { useCompleteErasure } from '../api/complete-erasure';
import type { StaffErasureRequest } from '../api/list-erasure-requests';
import { customerName } from './ErasureRequestsTable';

/** How long orders, payments, invoices and kits outlive an erasure, as tax law requires (the contract's 72). */
export const RETENTION_MONTHS = 72;
/** The word to type before the account can be erased: a deliberate act, never a stray click or Enter. */
export const CONFIRM_WORD = 'ERASE';
const REASON_MAX_LENGTH = 500;
const REASON_ID = 'erasure-reason';

interface CompleteErasureDialogProps {
  request: StaffErasureRequest;
  onClose: () => void;
  /** Where the focus goes once the dialog has closed. */
  finalFocus: () => HTMLElement | null;
}

/** Says exactly what erasing does, then erases the account once the staff member has typed the word. */
export function CompleteErasureDialog({ request, onClose, finalFocus }: CompleteErasureDialogProps) {
  const [reason, setReason] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const complete = useCompleteErasure();
  const who = customerName(request) ?? 'this person';
  const confirmed = confirmation.trim() === CONFIRM_WORD;
  const busy = complete.isPending;

  const erase = () => {
    if (!confirmed || busy) return;
    complete.mutate(
      { id: request._id, reason },
      {
        onSuccess: () => {
          notify.success(`The account of ${who} is erased. Their orders and invoices are kept for ${RETENTION_MONTHS} months.`);
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      testId="erasure-dialog"
      title={`Erase the account of ${who}?`}
      text={
        <Box>
          <Text fontWeight="semibold" mb="1">
            When you confirm:
          </Text>
          <Stack as="ul" listStyleType="disc" ps="5" gap="1">
            <li>The sign-in account is deleted and every session ends at once.</li>
            <li>Their name, e-mail, phone, saved address, cart, consents, questionnaire results, ebook request, contact messages and the e-mails and SMS sent to them are erased.</li>
            <li>
              Their orders, payments, invoices and kits are kept for {RETENTION_MONTHS} months, as tax law requires, without their name.
            </li>
          </Stack>
        </Box>
      }
      confirmLabel="Erase account"
      busyLabel="Erasing…"
      tone="destructive"
      asForm
      confirmDisabled={!confirmed}
      busy={busy}
      error={complete.isError ? (failureMessage(complete.error) ?? 'The account could not be erased. Please try again.') : null}
      onConfirm={erase}
      onClose={onClose}
      finalFocus={finalFocus}
    >
      {request.openOrders > 0 ? (
        <Box bg="orange.50" borderWidth="1px" borderColor="orange.200" color="orange.900" rounded="md" p="3">
          <Text>
            {request.openOrders === 1 ? 'One paid order has' : `${request.openOrders} paid orders have`} a kit not delivered yet: finish or
            refund {request.openOrders === 1 ? 'it' : 'them'} first.
          </Text>
        </Box>
      ) : null}
      <Text fontWeight="semibold" color="red.700">
        This cannot be undone.
      </Text>
      <Field.Root>
        <Field.Label htmlFor={REASON_ID}>Reason (optional)</Field.Label>
        <Textarea
          recipe={textareaRecipe}
          id={REASON_ID}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={REASON_MAX_LENGTH}
          rows={3}
        />
        <Field.HelperText color="gray.600">
          Kept in the audit log with your name and the time. {reason.length}/{REASON_MAX_LENGTH} characters.
        </Field.HelperText>
      </Field.Root>
      <TextField
        label={`Type ${CONFIRM_WORD} to confirm`}
        value={confirmation}
        onValueChange={setConfirmation}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required={false}
      />
    </ConfirmDialog>
  );
}
