import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { requestChallenge } from '../api/session';
import { firebaseErrorMessage, sendEmailLink } from '../firebase';
import { emailProblem } from '../validation';
import { FormAlert, TextField } from './FormParts';

/** Passwordless sign-in: a link by e-mail that signs the person in on this device. */
export function EmailLinkForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = emailProblem(email);
    setError(problem);
    setFormError(null);
    if (problem) return;
    setBusy(true);
    try {
      const address = email.trim();
      await requestChallenge('email-link', address);
      await sendEmailLink(address);
      setSentTo(address);
    } catch (failure) {
      setFormError(
        failure instanceof ApiError ? failure.message : firebaseErrorMessage(failure, 'We could not send the link. Please try again.'),
      );
    } finally {
      setBusy(false);
    }
  }

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
