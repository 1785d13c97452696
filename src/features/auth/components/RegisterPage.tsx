import { Box } from '@chakra-ui/react/box';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PageTitle } from '@/components/layout/PageTitle';
import { CartIntentNotice } from '@/components/ui/CartIntentNotice';
import { registerProfile } from '../api/session';
import { codeOf, createAccount, firebaseErrorMessage } from '../firebase';
import { SignInError, useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { indianMobile } from '../../../../machines/phone';
import { emailSchema, fullnameSchema, INVALID_EMAIL, mobileSchema, newPasswordSchema, PASSWORD_RULES } from '../validation';
import { FormAlert } from '@/components/ui/fields';
import { refuseField, useShopForm } from '@/components/ui/form';
import { GoogleButton } from './GoogleButton';
import { OrDivider } from './SignInPage';

export const EMAIL_IN_USE = 'An account with this e-mail address already exists. Sign in instead, or reset your password.';
const NOT_CREATED = 'We could not create your account. Please try again.';

/** /register: name, e-mail, Indian mobile and password; the Firebase account first, then our customer profile. */
export function RegisterPage() {
  const { completeWith } = useCompleteSignIn('customer');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useShopForm({
    defaultValues: { fullname: '', email: '', phone: '', password: '' },
    onSubmit: async ({ value, formApi }) => {
      setFailure(null);
      const fullname = value.fullname.trim();
      const phone = indianMobile(value.phone);
      if (!phone) return; // the field's own check has said so
      try {
        let user;
        try {
          user = await createAccount(value.email.trim(), value.password, fullname);
        } catch (error) {
          const code = codeOf(error);
          if (code === 'auth/email-already-in-use') refuseField(formApi, 'email', EMAIL_IN_USE);
          else if (code === 'auth/invalid-email') refuseField(formApi, 'email', INVALID_EMAIL);
          else if (code === 'auth/weak-password' || code === 'auth/password-does-not-meet-requirements') {
            refuseField(formApi, 'password', `The password is too weak. ${PASSWORD_RULES}`);
          } else setFailure(firebaseErrorMessage(error, NOT_CREATED));
          return;
        }
        await completeWith(user, (idToken) => registerProfile(idToken, { fullname, phone }));
      } catch (error) {
        setFailure(error instanceof SignInError ? error.message : NOT_CREATED);
      }
    },
    onSubmitInvalid: () => setFailure(null),
  });

  return (
    <Box maxW="md" mx="auto" px="4" py={{ base: '8', md: '16' }}>
      <PageTitle title="Create your account">Order kits, follow your results and talk to our experts.</PageTitle>
      <CartIntentNotice />
      <GoogleButton label="Sign up with Google" />
      <OrDivider />
      <form.AppForm>
        <form.Form label="Create your account">
          <Stack gap="4">
            {failure ? <FormAlert>{failure}</FormAlert> : null}
            <form.AppField name="fullname" validators={{ onSubmit: fullnameSchema }}>
              {(field) => <field.TextField label="Full name" autoComplete="name" maxLength={80} />}
            </form.AppField>
            <form.AppField name="email" validators={{ onSubmit: emailSchema }}>
              {(field) => <field.TextField label="E-mail address" type="email" autoComplete="email" inputMode="email" />}
            </form.AppField>
            <form.AppField name="phone" validators={{ onSubmit: mobileSchema }}>
              {(field) => (
                <field.TextField
                  label="Mobile number"
                  type="tel"
                  autoComplete="tel-national"
                  inputMode="tel"
                  prefix="+91"
                  placeholder="98765 43210"
                  helper="An Indian mobile number, for delivery updates."
                />
              )}
            </form.AppField>
            <form.AppField name="password" validators={{ onSubmit: newPasswordSchema }}>
              {(field) => <field.TextField label="Password" type="password" autoComplete="new-password" helper={PASSWORD_RULES} />}
            </form.AppField>
            <Text fontSize="sm" color="gray.700" data-testid="register-consent">
              By creating an account you agree to the{' '}
              <Box asChild color="brand.700" textDecoration="underline">
                <Link to="/terms-and-conditions">Terms and Conditions</Link>
              </Box>{' '}
              and the{' '}
              <Box asChild color="brand.700" textDecoration="underline">
                <Link to="/privacy-policy">Privacy Policy</Link>
              </Box>
              .
            </Text>
            <form.SubmitButton colorPalette="brand" size="lg" loadingText="Creating your account…">
              Create account
            </form.SubmitButton>
          </Stack>
        </form.Form>
      </form.AppForm>
      <Text mt="6" fontSize="sm" color="gray.700">
        Already have an account?{' '}
        <Box asChild color="brand.700" fontWeight="semibold" textDecoration="underline">
          <Link to="/login">Sign in</Link>
        </Box>
      </Text>
    </Box>
  );
}
