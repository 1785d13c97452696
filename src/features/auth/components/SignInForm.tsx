import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { isStaff, roleOf } from '../../../../machines/roles';
import { useActors } from '@/app/actors-context';
import { ApiError } from '@/lib/api-client';
import { takePreviousPage } from '@/lib/storage';
import { createSession, type SignInAudience } from '../api/session';
import { firebaseErrorMessage, loadFirebaseAuth } from '../firebase';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface SignInFormProps {
  audience: SignInAudience;
}

/**
 * E-mail and password sign-in through Firebase, then the exchange for our own session. Customers return to the
 * page they came from; staff land on the staff home.
 */
export function SignInForm({ audience }: SignInFormProps) {
  const { auth } = useActors();
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!EMAIL.test(email.trim())) found.email = 'Please enter a valid e-mail address.';
    if (password.length === 0) found.password = 'Please enter your password.';
    setErrors(found);
    if (found.email || found.password) return;
    setBusy(true);
    try {
      const { auth: firebaseAuth, sdk } = await loadFirebaseAuth();
      let idToken: string;
      try {
        const credential = await sdk.signInWithEmailAndPassword(firebaseAuth, email.trim(), password);
        idToken = await credential.user.getIdToken();
      } catch (error) {
        setErrors({ form: firebaseErrorMessage(error) });
        return;
      }
      try {
        const session = await createSession(idToken, audience);
        auth.send({ type: 'auth.login', token: session.token, user: session.user });
        const staff = isStaff(roleOf(session.user));
        const destination = audience === 'staff' || staff ? takePreviousPage('/admin-home') : takePreviousPage('/');
        router.history.push(destination);
      } catch (error) {
        await sdk.signOut(firebaseAuth).catch(() => undefined);
        setErrors({ form: error instanceof ApiError ? error.message : 'We could not sign you in. Please try again.' });
      }
    } catch {
      setErrors({ form: 'We could not reach the sign-in service. Check your connection and try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={audience === 'staff' ? 'Staff sign-in' : 'Sign in'}>
      <Stack gap="4">
        {errors.form ? (
          <Box role="alert" bg="red.50" color="red.800" borderWidth="1px" borderColor="red.200" rounded="md" p="3">
            <Text>{errors.form}</Text>
          </Box>
        ) : null}
        <Field.Root invalid={Boolean(errors.email)} required>
          <Field.Label>E-mail address</Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {errors.email ? <Field.ErrorText>{errors.email}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)} required>
          <Field.Label>Password</Field.Label>
          <Input
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {errors.password ? <Field.ErrorText>{errors.password}</Field.ErrorText> : null}
        </Field.Root>
        <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText="Signing in…">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
