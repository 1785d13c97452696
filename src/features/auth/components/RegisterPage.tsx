import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { PageTitle } from '@/components/layout/PageTitle';
import { registerProfile } from '../api/session';
import { codeOf, createAccount, firebaseErrorMessage } from '../firebase';
import { SignInError, useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { indianMobile } from '../../../../machines/phone';
import { emailProblem, fullnameProblem, newPasswordProblem, PASSWORD_RULES, PHONE_PROBLEM } from '../validation';
import { FormAlert, TextField } from './FormParts';
import { GoogleButton } from './GoogleButton';
import { OrDivider } from './SignInPage';

type Field = 'fullname' | 'email' | 'phone' | 'password';
type Errors = Partial<Record<Field | 'form', string | undefined>>;

export const EMAIL_IN_USE = 'An account with this e-mail address already exists. Sign in instead, or reset your password.';

/** /register: name, e-mail, Indian mobile and password; the Firebase account first, then our customer profile. */
export function RegisterPage() {
  const { completeWith } = useCompleteSignIn('customer');
  const [values, setValues] = useState<Record<Field, string>>({ fullname: '', email: '', phone: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const phone = indianMobile(values.phone);
    const found: Errors = {
      fullname: fullnameProblem(values.fullname),
      email: emailProblem(values.email),
      phone: phone ? undefined : PHONE_PROBLEM,
      password: newPasswordProblem(values.password),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean) || !phone) return;
    setBusy(true);
    try {
      const fullname = values.fullname.trim();
      let user;
      try {
        user = await createAccount(values.email.trim(), values.password, fullname);
      } catch (error) {
        const code = codeOf(error);
        if (code === 'auth/email-already-in-use') setErrors({ email: EMAIL_IN_USE });
        else if (code === 'auth/invalid-email') setErrors({ email: emailProblem('x') });
        else if (code === 'auth/weak-password' || code === 'auth/password-does-not-meet-requirements') {
          setErrors({ password: `The password is too weak. ${PASSWORD_RULES}` });
        } else setErrors({ form: firebaseErrorMessage(error, 'We could not create your account. Please try again.') });
        return;
      }
      await completeWith(user, (idToken) => registerProfile(idToken, { fullname, phone }));
    } catch (error) {
      setErrors({ form: error instanceof SignInError ? error.message : 'We could not create your account. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box maxW="md" mx="auto" px="4" py={{ base: '8', md: '16' }}>
      <PageTitle title="Create your account">Order kits, follow your results and talk to our experts.</PageTitle>
      <GoogleButton label="Sign up with Google" />
      <OrDivider />
      <form onSubmit={submit} noValidate aria-label="Create your account">
        <Stack gap="4">
          {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
          <TextField label="Full name" name="fullname" autoComplete="name" value={values.fullname} onValueChange={set('fullname')} error={errors.fullname} />
          <TextField
            label="E-mail address"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            onValueChange={set('email')}
            error={errors.email}
          />
          <TextField
            label="Mobile number"
            type="tel"
            name="phone"
            autoComplete="tel-national"
            inputMode="tel"
            prefix="+91"
            placeholder="98765 43210"
            value={values.phone}
            onValueChange={set('phone')}
            error={errors.phone}
            helper="An Indian mobile number, for delivery updates."
          />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="new-password"
            value={values.password}
            onValueChange={set('password')}
            error={errors.password}
            helper={PASSWORD_RULES}
          />
          <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText="Creating your account…">
            Create account
          </Button>
        </Stack>
      </form>
      <Text mt="6" fontSize="sm" color="gray.700">
        Already have an account?{' '}
        <Box asChild color="brand.700" fontWeight="semibold" textDecoration="underline">
          <Link to="/login">Sign in</Link>
        </Box>
      </Text>
    </Box>
  );
}
