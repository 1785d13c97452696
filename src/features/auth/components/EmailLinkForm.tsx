import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { requestChallenge } from '../api/session';
import { firebaseErrorMessage, sendEmailLink } from '../firebase';
import { useEmailForm } from '../hooks/use-email-form';
import { FormAlert, TextField } from './FormParts';

/** Passwordless sign-in: a link by e-mail that signs the person in on this device. */
export function EmailLinkForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { email, setEmail, error, formError, busy, submit } = useEmailForm(
    async (address) => {
      await requestChallenge('email-link', address);
      await sendEmailLink(address);
      setSentTo(address);
    },
    (failure) => (failure instanceof ApiError ? failure.message : firebaseErrorMessage(failure, 'We could not send the link. Please try again.')),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="E-mail me a sign-in link">
      <Stack gap="3">
        {sentTo ? (
          <FormAlert tone="success">
            We have sent a sign-in link to {sentTo}. Open it on this device to sign in; it can take a minute to arrive.
          </FormAlert>
        ) : null}
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <TextField
          label="E-mail address for the link"
          type="email"
          name="link-email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onValueChange={setEmail}
          error={error}
        />
        <Button type="submit" variant="outline" loading={busy} loadingText="Sending the link…">
          E-mail me a sign-in link
        </Button>
      </Stack>
    </form>
  );
}
