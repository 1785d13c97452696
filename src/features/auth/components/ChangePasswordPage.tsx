import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { useEffect, useState, type FormEvent } from 'react';
import { useAuthState } from '@/lib/actors-context';
import { PageTitle } from '@/components/layout/PageTitle';
import { revokeOtherSessions } from '../api/session';
import { changePassword, codeOf, currentUserProviders, firebaseErrorMessage } from '../firebase';
import { newPasswordProblem, PASSWORD_RULES } from '../validation';
import { FormAlert, TextField } from './FormParts';

export const PHONE_ONLY =
  'You sign in with your phone, so your account has no password to change. Keep using your mobile number and the SMS code.';
export const GOOGLE_ONLY =
  'You sign in with Google, so your account has no password with us to change. Manage your password in your Google account.';
const WRONG_CURRENT = 'Your current password is not right. Please check it and try again.';

type Errors = { current?: string | undefined; next?: string | undefined; repeat?: string | undefined; form?: string };

/** /user/change-password: the current password (re-authentication), the new one twice; other sessions end. */
export function ChangePasswordPage() {
  const { user } = useAuthState();
  const [noPassword, setNoPassword] = useState<string | null>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const email = user?.email ?? null;
  useEffect(() => {
    if (!user) return;
    if (!email) {
      setNoPassword(PHONE_ONLY);
      return;
    }
    let live = true;
    void currentUserProviders()
      .then((providers) => {
        if (!live || !providers || providers.includes('password')) return;
        if (providers.includes('google.com')) setNoPassword(GOOGLE_ONLY);
        else if (providers.includes('phone')) setNoPassword(PHONE_ONLY);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [user, email]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email) return;
    const found: Errors = {
      current: current ? undefined : 'Please enter your current password.',
      next: newPasswordProblem(next) ?? (next === current ? 'The new password must differ from the current one.' : undefined),
      repeat: repeat !== next ? 'The two new passwords are not the same.' : undefined,
    };
    setErrors(found);
    setDone(null);
    if (found.current || found.next || found.repeat) return;
    setBusy(true);
    try {
      let outcome;
      try {
        outcome = await changePassword(email, current, next);
      } catch (error) {
        const code = codeOf(error);
        if (code === 'auth/invalid-credential' || code === 'auth/wrong-password') setErrors({ current: WRONG_CURRENT });
        else if (code === 'auth/weak-password') setErrors({ next: `The password is too weak. ${PASSWORD_RULES}` });
        else setErrors({ form: firebaseErrorMessage(error, 'We could not change your password. Please try again.') });
        return;
      }
      if (outcome === 'no-password') {
        setNoPassword(GOOGLE_ONLY);
        return;
      }
      setCurrent('');
      setNext('');
      setRepeat('');
      const revoked = await revokeOtherSessions()
        .then((answer) => answer.revoked)
        .catch(() => null);
      setDone(
        revoked === null
          ? 'Your password has been changed. We could not sign you out on your other devices; log out there yourself.'
          : revoked === 0
            ? 'Your password has been changed.'
            : `Your password has been changed, and you have been signed out on ${revoked} other ${revoked === 1 ? 'device' : 'devices'}.`,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box maxW="md" mx="auto" px="4" py={{ base: '8', md: '16' }}>
      <PageTitle title="Change Password" />
      {noPassword ? (
        <FormAlert tone="success">{noPassword}</FormAlert>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Change your password">
          <Stack gap="4">
            {done ? <FormAlert tone="success">{done}</FormAlert> : null}
            {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
            <TextField label="Current password" type="password" autoComplete="current-password" value={current} onValueChange={setCurrent} error={errors.current} />
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              value={next}
              onValueChange={setNext}
              error={errors.next}
              helper={PASSWORD_RULES}
            />
            <TextField label="New password again" type="password" autoComplete="new-password" value={repeat} onValueChange={setRepeat} error={errors.repeat} />
            <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText="Changing your password…">
              Change password
            </Button>
          </Stack>
        </form>
      )}
    </Box>
  );
}
