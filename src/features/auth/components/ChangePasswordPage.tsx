import { Box } from '@chakra-ui/react/box';
import { Stack } from '@chakra-ui/react/stack';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { useAuthState } from '@/lib/actors-context';
import { PageTitle } from '@/components/layout/PageTitle';
import { revokeOtherSessions } from '../api/session';
import { changePassword, codeOf, currentUserProviders, firebaseErrorMessage } from '../firebase';
import { currentPasswordSchema, newPasswordSchema, PASSWORD_RULES, sameAs } from '../validation';
import { FormAlert } from '@/components/ui/fields';
import { firstError, refuseField, useShopForm } from '@/components/ui/form';

export const PHONE_ONLY =
  'You sign in with your phone, so your account has no password to change. Keep using your mobile number and the SMS code.';
export const GOOGLE_ONLY =
  'You sign in with Google, so your account has no password with us to change. Manage your password in your Google account.';
const WRONG_CURRENT = 'Your current password is not right. Please check it and try again.';

/** /user/change-password: the current password (re-authentication), the new one twice; other sessions end. */
export function ChangePasswordPage() {
  const { user } = useAuthState();
  const [noPassword, setNoPassword] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; message: string } | null>(null);

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

  const form = useShopForm({
    defaultValues: { current: '', next: '', repeat: '' },
    onSubmit: async ({ value, formApi }) => {
      setOutcome(null);
      if (!email) return;
      let changed;
      try {
        changed = await changePassword(email, value.current, value.next);
      } catch (error) {
        const code = codeOf(error);
        if (code === 'auth/invalid-credential' || code === 'auth/wrong-password') refuseField(formApi, 'current', WRONG_CURRENT);
        else if (code === 'auth/weak-password') refuseField(formApi, 'next', `The password is too weak. ${PASSWORD_RULES}`);
        else setOutcome({ tone: 'error', message: firebaseErrorMessage(error, 'We could not change your password. Please try again.') });
        return;
      }
      if (changed === 'no-password') {
        setNoPassword(GOOGLE_ONLY);
        return;
      }
      formApi.reset();
      const revoked = await revokeOtherSessions()
        .then((answer) => answer.revoked)
        .catch(() => null);
      setOutcome({
        tone: 'success',
        message:
          revoked === null
            ? 'Your password has been changed. We could not sign you out on your other devices; log out there yourself.'
            : revoked === 0
              ? 'Your password has been changed.'
              : `Your password has been changed, and you have been signed out on ${revoked} other ${revoked === 1 ? 'device' : 'devices'}.`,
      });
    },
    onSubmitInvalid: () => setOutcome(null),
  });

  return (
    <Box maxW="md" mx="auto" px="4" py={{ base: '8', md: '16' }}>
      <PageTitle title="Change Password" />
      {noPassword ? (
        <FormAlert tone="success">{noPassword}</FormAlert>
      ) : (
        <form.AppForm>
          <form.Form label="Change your password">
            <Stack gap="4">
              {outcome ? <FormAlert tone={outcome.tone}>{outcome.message}</FormAlert> : null}
              <form.AppField name="current" validators={{ onSubmit: currentPasswordSchema }}>
                {(field) => <field.TextField label="Current password" type="password" autoComplete="current-password" />}
              </form.AppField>
              <form.AppField
                name="next"
                validators={{
                  onSubmit: ({ value, fieldApi }) =>
                    firstError(v.safeParse(newPasswordSchema, value).issues ?? []) ??
                    (value === fieldApi.form.getFieldValue('current') ? 'The new password must differ from the current one.' : undefined),
                }}
              >
                {(field) => <field.TextField label="New password" type="password" autoComplete="new-password" helper={PASSWORD_RULES} />}
              </form.AppField>
              <form.AppField
                name="repeat"
                validators={{ onSubmit: sameAs('next', 'The two new passwords are not the same.') }}
              >
                {(field) => <field.TextField label="New password again" type="password" autoComplete="new-password" />}
              </form.AppField>
              <form.SubmitButton colorPalette="brand" size="lg" loadingText="Changing your password…">
                Change password
              </form.SubmitButton>
            </Stack>
          </form.Form>
        </form.AppForm>
      )}
    </Box>
  );
}
