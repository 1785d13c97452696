import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { PageTitle } from '@/components/layout/PageTitle';
import { ApiError } from '@/lib/api-client';
import { requestChallenge } from '../api/session';
import { firebaseErrorMessage, resetPasswordWithCode, sendPasswordReset } from '../firebase';
import { newPasswordProblem, PASSWORD_RULES } from '../validation';
import { FormAlert, TextField } from './FormParts';
import { useEmailForm } from '../hooks/use-email-form';

function BackToSignIn() {
  return (
    <Text mt="6" fontSize="sm">
      <Box asChild color="brand.700" textDecoration="underline">
        <Link to="/login">Back to sign in</Link>
      </Box>
    </Text>
  );
}

/** Asks for the reset e-mail; the answer is the same whether or not the address has an account. */
function RequestReset() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { email, setEmail, error, formError, busy, submit } = useEmailForm(
    async (address) => {
      await requestChallenge('password-reset', address);
      await sendPasswordReset(address);
      setSentTo(address);
    },
    (failure) => (failure instanceof ApiError ? failure.message : firebaseErrorMessage(failure, 'We could not send the e-mail. Please try again.')),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Reset your password">
      <Stack gap="4">
        {sentTo ? (
          <FormAlert tone="success">
            If {sentTo} has an account with us, we have sent it a link to choose a new password. Check your inbox and spam folder; the link works for one hour.
          </FormAlert>
        ) : null}
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <TextField label="E-mail address" type="email" name="email" autoComplete="email" inputMode="email" value={email} onValueChange={setEmail} error={error} />
        <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText="Sending…">
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}

/** The reset link opened here: the new password, twice. */
function ChooseNewPassword({ oobCode }: { oobCode: string }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string | undefined; repeat?: string | undefined; form?: string }>({});
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      password: newPasswordProblem(password),
      repeat: repeat !== password ? 'The two passwords are not the same.' : undefined,
    };
    setErrors(found);
    if (found.password || found.repeat) return;
    setBusy(true);
    try {
      await resetPasswordWithCode(oobCode, password);
      setDone(true);
    } catch (failure) {
      setErrors({ form: firebaseErrorMessage(failure, 'We could not change the password. Please ask for a new link.') });
    } finally {
      setBusy(false);
    }
  }

  if (done) return <FormAlert tone="success">Your password has been changed. You can now sign in with it.</FormAlert>;
  return (
    <form onSubmit={submit} noValidate aria-label="Choose a new password">
      <Stack gap="4">
        {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
        <TextField label="New password" type="password" autoComplete="new-password" value={password} onValueChange={setPassword} error={errors.password} helper={PASSWORD_RULES} />
        <TextField label="New password again" type="password" autoComplete="new-password" value={repeat} onValueChange={setRepeat} error={errors.repeat} />
        <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText="Saving…">
          Save new password
        </Button>
      </Stack>
    </form>
  );
}

export function ForgotPasswordPage({ oobCode }: { oobCode?: string | undefined }) {
  return (
    <Box maxW="md" mx="auto" px="4" py={{ base: '8', md: '16' }}>
      <PageTitle title={oobCode ? 'Choose a new password' : 'Reset your password'}>
        {oobCode ? undefined : 'Enter the e-mail address you signed up with and we will send you a link.'}
      </PageTitle>
      {oobCode ? <ChooseNewPassword oobCode={oobCode} /> : <RequestReset />}
      <BackToSignIn />
    </Box>
  );
}
