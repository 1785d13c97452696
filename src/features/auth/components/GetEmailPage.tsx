import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useActors } from '@/app/actors-context';
import { PageTitle } from '@/components/layout/PageTitle';
import { ApiError } from '@/lib/api-client';
import { takePreviousPage } from '@/lib/storage';
import { setProfileEmail } from '../api/session';
import { emailProblem } from '../validation';
import { FormAlert, TextField } from './FormParts';

/** /get-email: a person who signed in with a phone only gives an e-mail address for orders and reports. */
export function GetEmailPage() {
  const { auth } = useActors();
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = emailProblem(email);
    setError(problem);
    setFormError(null);
    if (problem) return;
    setBusy(true);
    try {
      const user = await setProfileEmail(email.trim());
      auth.send({ type: 'auth.userUpdated', user });
      router.history.push(takePreviousPage('/'));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) setError(failure.message);
      else if (failure instanceof ApiError && failure.fields?.email) setError(emailProblem('x'));
      else setFormError(failure instanceof ApiError ? failure.message : 'We could not save your e-mail address. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box maxW="md" mx="auto" px="4" py={{ base: '8', md: '16' }}>
      <PageTitle title="Add your e-mail address">We send order updates, invoices and your gut-health report by e-mail.</PageTitle>
      <form onSubmit={submit} noValidate aria-label="Add your e-mail address">
        <Stack gap="4">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <TextField label="E-mail address" type="email" name="email" autoComplete="email" inputMode="email" value={email} onValueChange={setEmail} error={error} />
          <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText="Saving…">
            Continue
          </Button>
        </Stack>
      </form>
    </Box>
  );
}
