import { Text } from '@chakra-ui/react/text';
import * as v from 'valibot';
import ConfirmDialog from '@/components/staff/ConfirmDialog';
import { TextareaField } from '@/components/staff/TextareaField';
import { useShopForm } from '@/components/ui/form';
import { SelectField } from '@/components/ui/select-field';
import type { CounterPaymentMethod, CounterRefundMethod, RefundDetails } from '../api/order';

const TEXT_MAX_LENGTH = 500;
const REFERENCE = /^[A-Za-z0-9][A-Za-z0-9 /._-]*$/;

const reasonSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(3, 'Say why, in a few words the customer will read: it is printed on the credit note and e-mailed to them.'),
  v.maxLength(TEXT_MAX_LENGTH, `At most ${TEXT_MAX_LENGTH} characters.`),
);
const noteSchema = v.pipe(v.string(), v.maxLength(TEXT_MAX_LENGTH, `At most ${TEXT_MAX_LENGTH} characters.`));

/** The ways money taken at a counter goes back, and what the staff member does for each. */
const WAYS: Record<CounterRefundMethod, { label: string; how: (amount: string) => string }> = {
  cash: { label: 'Cash handed back', how: (amount) => `Hand ${amount} back to the customer in cash, then record it here.` },
  upi: {
    label: 'UPI transfer',
    how: (amount) => `Send ${amount} to the customer by UPI, then enter the transfer’s reference (UTR) from the banking app.`,
  },
  card_reversal: {
    label: 'Card reversal',
    how: (amount) => `Reverse the card payment of ${amount} on the card terminal, then enter the approval code it prints, if any.`,
  },
};

/** The ways open for each way of paying, the usual one first: a card reversal gives back only a card payment. */
const WAYS_FOR: Record<CounterPaymentMethod, CounterRefundMethod[]> = {
  cash: ['cash', 'upi'],
  upi: ['upi', 'cash'],
  card: ['card_reversal', 'cash', 'upi'],
};

const PAID_BY: Record<CounterPaymentMethod, string> = { cash: 'in cash', upi: 'by UPI', card: 'by card' };

interface RefundDialogProps {
  title: string;
  /** What is refunded, formatted (₹4,999). */
  amount: string;
  /** The kits refunded, by name. */
  kits: string;
  /** How the order was paid at a counter; null for an order paid through the payment gateway. */
  paidAtCounter: CounterPaymentMethod | null;
  /** The server's refusal, or why the call failed, while the dialog stays open. */
  error: string | null;
  busy: boolean;
  onConfirm: (details: RefundDetails) => void;
  onClose: () => void;
}

type Values = { reason: string; internalNote: string; method: string; reference: string };

/**
 * Asks before a refund: how the money goes back (through the gateway, or, for a counter sale, in cash, by UPI or as
 * a card reversal), the customer's reason, which the credit note and the e-mail carry, and an internal note for staff.
 */
export function RefundDialog({ title, amount, kits, paidAtCounter, error, busy, onConfirm, onClose }: RefundDialogProps) {
  const ways = paidAtCounter ? WAYS_FOR[paidAtCounter] : [];
  const defaultValues: Values = { reason: '', internalNote: '', method: ways[0] ?? '', reference: '' };
  const form = useShopForm({
    defaultValues,
    onSubmit: ({ value }) => {
      const method = value.method as CounterRefundMethod;
      const reference = value.reference.trim();
      onConfirm({
        reason: value.reason.trim(),
        internalNote: value.internalNote.trim() || undefined,
        counter: paidAtCounter ? { method, reference: method === 'cash' ? undefined : reference || undefined } : undefined,
      });
    },
  });
  const referenceRule = ({ value, fieldApi }: { value: string; fieldApi: { form: { state: { values: Values } } } }) => {
    const method = fieldApi.form.state.values.method;
    const reference = value.trim();
    if (method === 'upi' && !reference) return 'Enter the UPI transfer’s reference (UTR), from the banking app.';
    if (reference && (reference.length < 4 || reference.length > 40 || !REFERENCE.test(reference))) {
      return 'A reference is 4 to 40 letters and digits, as the banking app or the terminal shows it.';
    }
    return undefined;
  };

  return (
    <ConfirmDialog
      testId="refund-dialog"
      title={title}
      text={
        paidAtCounter ? (
          <Text>
            This order was paid at a counter {PAID_BY[paidAtCounter]}: its money goes back there, not through the payment gateway. The refund of{' '}
            {amount} for {kits} is recorded at once and a GST credit note is issued. This cannot be undone.
          </Text>
        ) : (
          <Text>
            {amount} goes back to the customer through the payment gateway, for {kits}. A GST credit note is issued. This cannot be undone.
          </Text>
        )
      }
      confirmLabel={paidAtCounter ? `Record the refund of ${amount}` : `Refund ${amount}`}
      busyLabel={paidAtCounter ? 'Recording…' : 'Refunding…'}
      cancelLabel="Keep it"
      tone="destructive"
      asForm
      busy={busy}
      error={error}
      onConfirm={() => void form.handleSubmit()}
      onClose={onClose}
    >
      {paidAtCounter ? (
        <>
          <form.Field name="method">
            {(field) => (
              <SelectField
                id="refund-method"
                label="How the money goes back"
                placeholder="Choose how…"
                value={field.state.value}
                options={ways.map((way) => ({ value: way, label: WAYS[way].label }))}
                onChange={(value) => {
                  field.handleChange(value);
                  // A reference belongs to one way: a UPI reference is not a card's approval code.
                  form.setFieldValue('reference', '');
                }}
                onBlur={field.handleBlur}
              />
            )}
          </form.Field>
          <form.Subscribe selector={(state) => state.values.method as CounterRefundMethod | ''}>
            {(method) =>
              method ? (
                <>
                  <Text color="gray.700" data-testid="refund-how">
                    {WAYS[method].how(amount)}
                  </Text>
                  {method === 'cash' ? null : (
                    <form.AppField name="reference" validators={{ onSubmit: referenceRule }}>
                      {(field) => (
                        <field.TextField
                          label={method === 'upi' ? 'UPI transfer reference (UTR)' : 'Approval code (optional)'}
                          required={method === 'upi'}
                          autoComplete="off"
                          maxLength={40}
                          helper={method === 'upi' ? 'Printed on the credit note and e-mailed to the customer.' : 'From the terminal’s reversal slip, if it printed one.'}
                        />
                      )}
                    </form.AppField>
                  )}
                </>
              ) : null
            }
          </form.Subscribe>
        </>
      ) : null}
      <form.AppField name="reason" validators={{ onSubmit: reasonSchema }}>
        {(field) => (
          <TextareaField
            field={field}
            label="Reason, for the customer"
            required
            maxLength={TEXT_MAX_LENGTH}
            rows={3}
            helper="Printed on the credit note and e-mailed to the customer, with your name kept in the audit log."
            keepHelper
          />
        )}
      </form.AppField>
      <form.AppField name="internalNote" validators={{ onSubmit: noteSchema }}>
        {(field) => (
          <TextareaField
            field={field}
            label="Internal note (optional)"
            maxLength={TEXT_MAX_LENGTH}
            rows={2}
            helper="Seen only by staff, in this order’s audit log: never on the credit note nor sent to the customer."
            keepHelper
          />
        )}
      </form.AppField>
    </ConfirmDialog>
  );
}
