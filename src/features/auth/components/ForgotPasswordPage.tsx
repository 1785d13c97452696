import { Box } from '@chakra-ui/react/box';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PageTitle } from '@/components/layout/PageTitle';
import { ApiError } from '@/lib/api-client';
import { requestChallenge } from '../api/session';
import { firebaseErrorMessage, resetPasswordWithCode, sendPasswordReset } from '../firebase';
import { newPasswordSchema, PASSWORD_RULES, sameAs } from '../validation';
import { FormAlert } from '@/components/ui/fields';
import { useShopForm } from '@/components/ui/form';
import { EmailForm } from './EmailForm';

function BackToSignIn() {
  return (
    <Text mt="6" fontSize="sm">
      <Box asChild color="brand.700" textDecoration="underline">
        <Link to="/login">Back to sign in</Link>
      </Box>
    </Text>
  );
}

/** Asks for the reset e-mail; the answer is the same whether or not the address has an account. */
function RequestReset() {
  return (
    <EmailForm
      label="Reset your password"
      submitLabel="Send reset link"
      loadingText="Sending…"
      submitProps={{ colorPalette: 'brand', size: 'lg' }}
      send={async (address) => {
        await requestChallenge('password-reset', address);
        await sendPasswordReset(address);
        return `If ${address} has an account with us, we have sent it a link to choose a new password. Check your inbox and spam folder; the link works for one hour.`;
      }}
      failureMessage={(failure) =>
        failure instanceof ApiError ? failure.message : firebaseErrorMessage(failure, 'We could not send the e-mail. Please try again.')
      }
    />
  );
}

/** The reset link opened here: the new password, twice. */
function ChooseNewPassword({ oobCode }: { oobCode: string }) {
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useShopForm({
    defaultValues: { password: '', repeat: '' },
    onSubmit: async ({ value }) => {
      setFailure(null);
      try {
        await resetPasswordWithCode(oobCode, value.password);
        setDone(true);
      } catch (error) {
        setFailure(firebaseErrorMessage(error, 'We could not change the password. Please ask for a new link.'));
      }
    },
    onSubmitInvalid: () => setFailure(null),
  });

  if (done) return <FormAlert tone="success">Your password has been changed. You can now sign in with it.</FormAlert>;
  return (
    <form.AppForm>
      <form.Form label="Choose a new password">
        <Stack gap="4">
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <form.AppField name="password" validators={{ onSubmit: newPasswordSchema }}>
            {(field) => <field.TextField label="New password" type="password" autoComplete="new-password" helper={PASSWORD_RULES} />}
          </form.AppField>
          <form.AppField
            name="repeat"
            validators={{ onSubmit: sameAs('password', 'The two passwords are not the same.') }}
          >
            {(field) => <field.TextField label="New password again" type="password" autoComplete="new-password" />}
          </form.AppField>
          <form.SubmitButton colorPalette="brand" size="lg" loadingText="Saving…">
            Save new password
          </form.SubmitButton>
        </Stack>
      </form.Form>
    </form.AppForm>
  );
}

export function ForgotPasswordPage({ oobCode }: { oobCode?: string | undefined }) {
  return (
    <Box maxW="md" mx="auto" px="4" py={{ base: '8', md: '16' }}>
      <PageTitle title={oobCode ? 'Choose a new password' : 'Reset your password'}>
        {oobCode ? undefined : 'Enter the e-mail address you signed up with and we will send you a link.'}
      </PageTitle>
      {oobCode ? <ChooseNewPassword oobCode={oobCode} /> : <RequestReset />}
      <BackToSignIn />
    </Box>
  );
}
