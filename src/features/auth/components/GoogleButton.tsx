import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { useEffect, useRef, useState } from 'react';
import type { FirebaseUser } from '../firebase';
import { codeOf, firebaseErrorMessage, signInWithGoogle, signInWithGoogleIdToken, usesEmulator } from '../firebase';
import { SignInError, useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { FormAlert } from '@/components/ui/fields';

declare global {
  interface Window {
    /** Local emulator only: completes a Google sign-in as if the popup had returned this unsigned ID token. */
    gutShopGoogleSignIn?: (idToken: string) => Promise<void>;
  }
}

export const GOOGLE_NOT_CONFIRMED = 'Google could not confirm your account. Please try again, or sign in another way.';

/** "Continue with Google": a popup, or a redirect where popups are blocked; the first sign-in creates the profile. */
export function GoogleButton({ label = 'Continue with Google' }: { label?: string }) {
  const { complete } = useCompleteSignIn('customer');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const completeRef = useRef(complete);
  completeRef.current = complete;

  async function run(obtain: () => Promise<FirebaseUser>) {
    setBusy(true);
    setError(null);
    try {
      const user = await obtain().catch((failure: unknown) => {
        throw new SignInError(
          codeOf(failure) === 'auth/invalid-credential'
            ? GOOGLE_NOT_CONFIRMED
            : firebaseErrorMessage(failure, 'Google sign-in failed. Please try again.'),
        );
      });
      await completeRef.current(user);
    } catch (failure) {
      setError(failure instanceof SignInError ? failure.message : 'Google sign-in failed. Please try again.');
    } finally {
      setBusy(false);
    }
  }
  const runRef = useRef(run);
  runRef.current = run;

  useEffect(() => {
    if (!usesEmulator) return;
    // Google's popup needs Google's servers; against the emulator the same code continues from its ID token.
    window.gutShopGoogleSignIn = (idToken) => runRef.current(() => signInWithGoogleIdToken(idToken));
    return () => {
      delete window.gutShopGoogleSignIn;
    };
  }, []);

  return (
    <Stack gap="3">
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button
        type="button"
        variant="outline"
        size="lg"
        loading={busy}
        loadingText="Waiting for Google…"
        onClick={() => void run(signInWithGoogle)}
      >
        <GoogleMark />
        {label}
      </Button>
    </Stack>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 48 48">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-17.1z" />
      <path fill="#FBBC05" d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z" />
    </svg>
  );
}
