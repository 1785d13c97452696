import { Spinner } from '@chakra-ui/react/spinner';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useRef, useState } from 'react';
import { emailForLink, firebaseErrorMessage, signInWithEmailLink } from '../firebase';
import { SignInError, useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { FormAlert } from '@/components/ui/fields';
import { EmailForm } from './EmailForm';

/**
 * Finishes a sign-in from an e-mailed link opened on /login. In the browser that asked for it the address is
 * remembered; elsewhere the person types it again, as Firebase requires.
 */
export function EmailLinkCompletion({ href }: { href: string }) {
  const { complete } = useCompleteSignIn('customer');
  const [stage, setStage] = useState<'signing-in' | 'ask-email' | 'failed'>(() => (emailForLink() ? 'signing-in' : 'ask-email'));
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  async function finish(address: string) {
    setStage('signing-in');
    setError(null);
    try {
      const user = await signInWithEmailLink(address, href).catch((failure: unknown) => {
        throw new SignInError(firebaseErrorMessage(failure, 'This sign-in link did not work. Please ask for a new one.'));
      });
      await complete(user);
    } catch (failure) {
      setError(failure instanceof SignInError ? failure.message : 'This sign-in link did not work. Please ask for a new one.');
      setStage('failed');
    }
  }

  useEffect(() => {
    const remembered = emailForLink();
    if (remembered && !started.current) {
      started.current = true;
      void finish(remembered);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once for the link the page was opened with
  }, []);

  if (stage === 'signing-in') {
    return (
      <HStack role="status" gap="3" py="4">
        <Spinner size="sm" />
        <Text>Signing you in with your link…</Text>
      </HStack>
    );
  }
  if (stage === 'failed') {
    return <FormAlert>{error}</FormAlert>;
  }
  return (
    <EmailForm
      label="Finish signing in with your link"
      intro={<Text>You opened a sign-in link. Please confirm the e-mail address it was sent to.</Text>}
      submitLabel="Sign in"
      loadingText="Signing in…"
      submitProps={{ colorPalette: 'brand' }}
      send={finish}
    />
  );
}
