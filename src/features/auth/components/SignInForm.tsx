import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { useState, type FormEvent } from 'react';
import type { SignInAudience } from '../api/session';
import { firebaseErrorMessage, signInWithPassword } from '../firebase';
import { SignInError, useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { emailProblem } from '../validation';
import { FormAlert, TextField } from './FormParts';

interface SignInFormProps {
  audience: SignInAudience;
}

/**
 * E-mail and password sign-in through Firebase, then the exchange for our own session. Customers return to the
 * page they came from; staff land on the staff home.
 */
export function SignInForm({ audience }: SignInFormProps) {
  const { complete } = useCompleteSignIn(audience);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string | undefined; password?: string | undefined; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = { email: emailProblem(email), password: password.length === 0 ? 'Please enter your password.' : undefined };
    setErrors(found);
    if (found.email || found.password) return;
    setBusy(true);
    try {
      const user = await signInWithPassword(email.trim(), password).catch((error: unknown) => {
        throw new SignInError(firebaseErrorMessage(error));
      });
      await complete(user);
    } catch (error) {
      setErrors({
        form: error instanceof SignInError ? error.message : 'We could not reach the sign-in service. Check your connection and try again.',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={audience === 'staff' ? 'Staff sign-in' : 'Sign in'}>
      <Stack gap="4">
        {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
        <TextField
          label="E-mail address"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onValueChange={setEmail}
          error={errors.email}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          error={errors.password}
        />
        <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText="Signing in…">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
