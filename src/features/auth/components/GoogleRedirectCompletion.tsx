import { Box } from '@chakra-ui/react/box';
import { Spinner } from '@chakra-ui/react/spinner';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useState } from 'react';
import { firebaseErrorMessage, googleRedirectPending, googleRedirectResult } from '../firebase';
import { SignInError, useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { FormAlert } from '@/components/ui/fields';

/** On /auth/google/callback: finishes a Google sign-in that went by redirect, above the home page. */
export function GoogleRedirectCompletion() {
  const { complete } = useCompleteSignIn('customer');
  const [state, setState] = useState<{ stage: 'working' | 'idle' | 'failed'; message?: string }>(() => ({
    stage: googleRedirectPending() ? 'working' : 'idle',
  }));

  useEffect(() => {
    if (!googleRedirectPending()) return;
    let live = true;
    (async () => {
      const user = await googleRedirectResult().catch((error: unknown) => {
        throw new SignInError(firebaseErrorMessage(error, 'Google sign-in failed. Please try again.'));
      });
      if (!user) return live && setState({ stage: 'idle' });
      await complete(user);
    })().catch((error: unknown) => {
      if (live) setState({ stage: 'failed', message: error instanceof SignInError ? error.message : 'Google sign-in failed. Please try again.' });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per return from Google
  }, []);

  if (state.stage === 'idle') return null;
  return (
    <Box maxW="4xl" mx="auto" px="4" pt="6">
      {state.stage === 'working' ? (
        <HStack role="status" gap="3">
          <Spinner size="sm" />
          <Text>Finishing your Google sign-in…</Text>
        </HStack>
      ) : (
        <FormAlert>{state.message}</FormAlert>
      )}
    </Box>
  );
}
