import { Stack } from '@chakra-ui/react/stack';
import { useState } from 'react';
import { FormAlert } from '@/components/ui/fields';
import { useShopForm } from '@/components/ui/form';
import type { SignInAudience } from '../api/session';
import { firebaseErrorMessage, signInWithPassword } from '../firebase';
import { SignInError, useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { emailSchema, passwordSchema } from '../validation';

interface SignInFormProps {
  audience: SignInAudience;
}

/**
 * E-mail and password sign-in through Firebase, then the exchange for our own session. Customers return to the
 * page they came from; staff land on the staff home.
 */
export function SignInForm({ audience }: SignInFormProps) {
  const { complete } = useCompleteSignIn(audience);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useShopForm({
    defaultValues: { email: '', password: '' },
    onSubmit: async ({ value }) => {
      setFailure(null);
      try {
        const user = await signInWithPassword(value.email.trim(), value.password).catch((error: unknown) => {
          throw new SignInError(firebaseErrorMessage(error));
        });
        await complete(user);
      } catch (error) {
        setFailure(error instanceof SignInError ? error.message : 'We could not reach the sign-in service. Check your connection and try again.');
      }
    },
    onSubmitInvalid: () => setFailure(null),
  });

  return (
    <form.AppForm>
      <form.Form label={audience === 'staff' ? 'Staff sign-in' : 'Sign in'}>
        <Stack gap="4">
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <form.AppField name="email" validators={{ onSubmit: emailSchema }}>
            {(field) => <field.TextField label="E-mail address" type="email" autoComplete="email" inputMode="email" />}
          </form.AppField>
          <form.AppField name="password" validators={{ onSubmit: passwordSchema }}>
            {(field) => <field.TextField label="Password" type="password" autoComplete="current-password" />}
          </form.AppField>
          <form.SubmitButton colorPalette="brand" size="lg" loadingText="Signing in…">
            Sign in
          </form.SubmitButton>
        </Stack>
      </form.Form>
    </form.AppForm>
  );
}
