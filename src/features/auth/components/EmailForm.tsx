import { Stack } from '@chakra-ui/react/stack';
import type { ButtonProps } from '@chakra-ui/react/button';
import { useState, type ReactNode } from 'react';
import { FormAlert } from '@/components/ui/fields';
import { refuseField, useShopForm } from '@/components/ui/form';
import { emailSchema } from '../validation';

interface EmailFormProps {
  /** The form's accessible name. */
  label: string;
  fieldLabel?: string;
  submitLabel: string;
  loadingText: string;
  submitProps?: Omit<ButtonProps, 'loadingText' | 'type' | 'children'>;
  /** Shown above the field. */
  intro?: ReactNode;
  /** Runs with the trimmed address once it is valid; the message it returns is shown as done. */
  send: (address: string) => Promise<string | void>;
  /** What `send` threw, as a form-wide message, or as the field's message with `{ field }`. */
  failureMessage?: (failure: unknown) => string | { field: string };
}

/** A form of one e-mail address: the reset link, the sign-in link, the address a phone-only person adds. */
export function EmailForm({ label, fieldLabel = 'E-mail address', submitLabel, loadingText, submitProps, intro, send, failureMessage }: EmailFormProps) {
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; message: string } | null>(null);
  const form = useShopForm({
    defaultValues: { email: '' },
    onSubmit: async ({ value, formApi }) => {
      setOutcome(null);
      try {
        const done = await send(value.email.trim());
        if (done) setOutcome({ tone: 'success', message: done });
      } catch (failure) {
        const message = failureMessage?.(failure) ?? 'Something went wrong. Please try again.';
        if (typeof message === 'string') setOutcome({ tone: 'error', message });
        else refuseField(formApi, 'email', message.field);
      }
    },
    onSubmitInvalid: () => setOutcome(null),
  });

  return (
    <form.AppForm>
      <form.Form label={label}>
        <Stack gap="3">
          {intro}
          {outcome ? <FormAlert tone={outcome.tone}>{outcome.message}</FormAlert> : null}
          <form.AppField name="email" validators={{ onSubmit: emailSchema }}>
            {(field) => <field.TextField label={fieldLabel} type="email" autoComplete="email" inputMode="email" />}
          </form.AppField>
          <form.SubmitButton loadingText={loadingText} {...submitProps}>
            {submitLabel}
          </form.SubmitButton>
        </Stack>
      </form.Form>
    </form.AppForm>
  );
}
