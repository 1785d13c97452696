import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Field } from '@chakra-ui/react/field';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import { useState, type ReactNode } from 'react';
import { StaffDialog } from '@/components/staff/StaffDialog';
import { AddressForm } from '@/components/ui/AddressForm';
import { FormAlert } from '@/components/ui/fields';
import type { DeliveryAddress } from '../api/order';

const REASON_MAX_LENGTH = 500;

interface AddressDialogProps {
  title: string;
  /** What saving does, in a sentence or two. */
  text: ReactNode;
  initial: DeliveryAddress;
  submitLabel: string;
  busy: boolean;
  /** The server's refusal: its message, and the fields it names (`address.pincode`, …). */
  error: { message: string; fields?: Record<string, string> | undefined } | null;
  onSave: (address: DeliveryAddress, reason: string | undefined) => void;
  onClose: () => void;
  /** A second way, beside saving (send a replacement back to the order's address). */
  other?: { label: string; onClick: (reason: string | undefined) => void } | undefined;
}

/** Asks staff for a delivery address, checked as the checkout checks it, and why; the server's refusal shows in it. */
export function AddressDialog({ title, text, initial, submitLabel, busy, error, onSave, onClose, other }: AddressDialogProps) {
  const [reason, setReason] = useState('');
  const given = () => reason.trim() || undefined;
  // The server names a field of the body (address.pincode); the form's fields are the address's own.
  const serverErrors = Object.fromEntries(Object.entries(error?.fields ?? {}).map(([field, message]) => [field.replace(/^address\./, ''), message]));
  return (
    <StaffDialog title={title} scrollBehavior="inside" size="lg" busy={busy} onClose={onClose} testId="address-dialog">
      <Dialog.Body pb="6">
        <Stack gap="4">
          {typeof text === 'string' ? <Text>{text}</Text> : text}
          <AddressForm initial={initial} profile={null} saving={busy} serverErrors={serverErrors} submitLabel={submitLabel} busyLabel="Saving…" onSubmit={(address) => onSave(address, given())}>
            <Box mt="4">
              <Field.Root>
                <Field.Label>Why (optional)</Field.Label>
                <Textarea recipe={textareaRecipe} name="reason" value={reason} onChange={(event) => setReason(event.target.value)} maxLength={REASON_MAX_LENGTH} rows={2} />
                <Field.HelperText color="gray.600">For example: the customer called with the right address. Kept in the audit log.</Field.HelperText>
              </Field.Root>
            </Box>
            {error ? (
              <Box mt="4">
                <FormAlert>{error.message}</FormAlert>
              </Box>
            ) : null}
          </AddressForm>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
            {other ? (
              <Button variant="outline" onClick={() => other.onClick(given())} disabled={busy}>
                {other.label}
              </Button>
            ) : null}
            <Button variant="ghost" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      </Dialog.Body>
    </StaffDialog>
  );
}
