import { ApiError } from '@/lib/api-client';
import { requestChallenge } from '../api/session';
import { firebaseErrorMessage, sendEmailLink } from '../firebase';
import { EmailForm } from './EmailForm';

/** Passwordless sign-in: a link by e-mail that signs the person in on this device. */
export function EmailLinkForm() {
  return (
    <EmailForm
      label="E-mail me a sign-in link"
      fieldLabel="E-mail address for the link"
      submitLabel="E-mail me a sign-in link"
      loadingText="Sending the link…"
      submitProps={{ variant: 'outline' }}
      send={async (address) => {
        await requestChallenge('email-link', address);
        await sendEmailLink(address);
        return `We have sent a sign-in link to ${address}. Open it on this device to sign in; it can take a minute to arrive.`;
      }}
      failureMessage={(failure) =>
        failure instanceof ApiError ? failure.message : firebaseErrorMessage(failure, 'We could not send the link. Please try again.')
      }
    />
  );
}
