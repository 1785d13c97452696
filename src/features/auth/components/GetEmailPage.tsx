import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { useRouter } from '@tanstack/react-router';
import { useActors } from '@/lib/actors-context';
import { PageTitle } from '@/components/layout/PageTitle';
import { ApiError } from '@/lib/api-client';
import { takePreviousPage } from '@/lib/storage';
import { setProfileEmail } from '../api/session';
import { emailProblem } from '../validation';
import { FormAlert, TextField } from './FormParts';
import { useEmailForm } from '../hooks/use-email-form';

/** /get-email: a person who signed in with a phone only gives an e-mail address for orders and reports. */
export function GetEmailPage() {
  const { auth } = useActors();
  const router = useRouter();
  const { email, setEmail, error, formError, busy, submit } = useEmailForm(
    async (address) => {
      const user = await setProfileEmail(address);
      auth.send({ type: 'auth.userUpdated', user });
      router.history.push(takePreviousPage('/'));
    },
    (failure) => {
      if (failure instanceof ApiError && failure.status === 409) return { field: failure.message };
      if (failure instanceof ApiError && failure.fields?.email) return { field: emailProblem('x') ?? failure.message };
      return failure instanceof ApiError ? failure.message : 'We could not save your e-mail address. Check your connection and try again.';
    },
  );

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
