import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import * as v from 'valibot';
import { indianMobile, indianMobileDigits } from '../../../../../machines/phone';
import ConfirmDialog from '@/components/staff/ConfirmDialog';
import { TextareaField } from '@/components/staff/TextareaField';
import { refuseField, useShopForm } from '@/components/ui/form';
import { emailSchema, fullnameSchema, mobileSchema } from '@/lib/field-rules';
import { failureMessage } from '@/lib/failure';
import { useCorrectCustomer, type StaffCustomerCorrection, type StaffCustomerDetail } from '../api/customer';

const REASON_MAX_LENGTH = 500;

interface Values {
  fullname: string;
  email: string;
  phone: string;
  reason: string;
}

/** What differs from the profile, as the server takes it; empty when nothing does. */
function correctionOf(customer: StaffCustomerDetail, values: Values): Omit<StaffCustomerCorrection, 'reason'> {
  const fullname = values.fullname.trim();
  const email = values.email.trim();
  const phone = values.phone.trim() === '' ? undefined : indianMobile(values.phone);
  return {
    ...(fullname !== customer.fullname ? { fullname } : {}),
    ...(email !== '' && email.toLowerCase() !== (customer.email ?? '').toLowerCase() ? { email } : {}),
    ...(phone && phone !== customer.phone ? { phone } : {}),
  };
}

/** A field's rule as a check of its value: the schema's first message, or nothing when it passes. */
const ruleOf =
  (schema: v.GenericSchema<string, unknown>, optional = false) =>
  ({ value }: { value: string }) => {
    if (optional && value.trim() === '') return undefined;
    const result = v.safeParse(schema, value);
    return result.success ? undefined : result.issues[0].message;
  };

const spokenMobile = (phone: string) => `+91 ${phone.slice(3, 8)} ${phone.slice(8)}`;

/**
 * Corrects a customer's name, e-mail address and mobile number. A new e-mail address changes how the person signs in,
 * so the dialog asks once more before it saves one, and says so.
 */
export function CorrectProfileDialog({ customer, onClose, onSaved }: { customer: StaffCustomerDetail; onClose: () => void; onSaved: (what: string) => void }) {
  const correct = useCorrectCustomer(customer._id);
  const [pending, setPending] = useState<StaffCustomerCorrection | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = customer.fullname.trim() || 'This customer';

  const save = (correction: StaffCustomerCorrection) => {
    setFailure(null);
    correct.mutate(correction, {
      onSuccess: () => {
        const words = Object.keys(correction).flatMap((field) => (field in FIELD_WORDS ? [FIELD_WORDS[field as keyof typeof FIELD_WORDS]] : []));
        onSaved(words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]!}` : (words[0] ?? 'details'));
      },
      onError: (error) => {
        setPending(null);
        const fields = error instanceof Error && 'fields' in error ? (error.fields as Record<string, string> | undefined) : undefined;
        const message = failureMessage(error) ?? 'The correction could not be saved. Please try again.';
        const field = (['email', 'phone', 'fullname'] as const).find((key) => fields?.[key]);
        if (field) refuseField(form, field, message);
        else setFailure(message);
      },
    });
  };

  const form = useShopForm({
    defaultValues: {
      fullname: customer.fullname,
      email: customer.email ?? '',
      phone: customer.phone ? (indianMobileDigits(customer.phone) ?? customer.phone) : '',
      reason: '',
    } satisfies Values,
    onSubmit: ({ value }) => {
      const change = correctionOf(customer, value);
      if (Object.keys(change).length === 0) {
        setFailure('Nothing differs from the profile yet: change a field, or cancel.');
        return;
      }
      const correction = { ...change, ...(value.reason.trim() ? { reason: value.reason.trim() } : {}) };
      // A new address is how the person signs in from now on: ask once more.
      if (change.email) setPending(correction);
      else save(correction);
    },
  });

  if (pending?.email) {
    return (
      <ConfirmDialog
        testId="confirm-email-change"
        title="Change how they sign in?"
        text={
          <Stack gap="2">
            <Text>
              {name} will sign in with <strong>{pending.email}</strong>
              {customer.email ? (
                <>
                  {' '}
                  instead of <strong>{customer.email}</strong>, which stops working at once
                </>
              ) : null}
              . Their password stays the same; sign-in links and password resets go to the new address.
            </Text>
            <Text>The new address counts as not confirmed until they prove it. Check it with them before you save.</Text>
          </Stack>
        }
        confirmLabel="Change the e-mail address"
        busyLabel="Changing…"
        busy={correct.isPending}
        error={failure}
        onConfirm={() => save(pending)}
        onClose={onClose}
      />
    );
  }

  return (
    <ConfirmDialog
      testId="correct-profile-dialog"
      title={`Correct ${name}'s details`}
      text="What you save is written to the customer's history with your name and the time."
      confirmLabel="Save the correction"
      busyLabel="Saving…"
      asForm
      busy={correct.isPending}
      error={failure}
      onConfirm={() => void form.handleSubmit()}
      onClose={onClose}
    >
      <form.AppField name="fullname" validators={{ onSubmit: fullnameSchema }}>
        {(field) => <field.TextField label="Full name" autoComplete="off" />}
      </form.AppField>
      <form.AppField name="email" validators={{ onSubmit: ruleOf(emailSchema, !customer.email) }}>
        {(field) => <field.TextField label="E-mail address" type="email" autoComplete="off" required={Boolean(customer.email)} helper="It is also how they sign in." />}
      </form.AppField>
      <form.AppField name="phone" validators={{ onSubmit: ruleOf(mobileSchema, !customer.phone) }}>
        {(field) => (
          <field.TextField
            label="Mobile number"
            prefix="+91"
            inputMode="tel"
            autoComplete="off"
            required={Boolean(customer.phone)}
            helper={customer.phone ? `Now ${spokenMobile(customer.phone)}.` : '10 digits.'}
          />
        )}
      </form.AppField>
      <form.AppField name="reason" validators={{ onSubmit: v.pipe(v.string(), v.maxLength(REASON_MAX_LENGTH, `At most ${REASON_MAX_LENGTH} characters.`)) }}>
        {(field) => (
          <TextareaField field={field} label="Why (optional)" maxLength={REASON_MAX_LENGTH} rows={2} helper="For example: the customer asked by phone. Kept in the audit log." />
        )}
      </form.AppField>
    </ConfirmDialog>
  );
}

const FIELD_WORDS = { fullname: 'name', email: 'e-mail address', phone: 'mobile number' } as const;
