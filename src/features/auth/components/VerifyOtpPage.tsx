import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PageTitle } from '@/components/layout/PageTitle';
import { ApiError } from '@/lib/api-client';
import { requestChallenge } from '../api/session';
import { codeOf, firebaseErrorMessage, sendPhoneCode, type PhoneConfirmation } from '../firebase';
import { SignInError, useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { indianMobile, PHONE_PROBLEM } from '../validation';
import { FormAlert, TextField } from './FormParts';

/** Seconds before another code may be asked for. */
export const RESEND_AFTER_SECONDS = 30;
/** Wrong codes allowed for one SMS before a new one must be asked for. */
export const MAX_CODE_TRIES = 5;
export const TOO_MANY_TRIES = 'Too many wrong codes. Please ask for a new code.';

function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

/** /verify-otp: sign in with an Indian mobile number and the code sent to it by SMS. */
export function VerifyOtpPage() {
  const { complete } = useCompleteSignIn('customer');
  const recaptcha = useRef<HTMLDivElement>(null);
  const [number, setNumber] = useState('');
  const [phone, setPhone] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<PhoneConfirmation | null>(null);
  const [code, setCode] = useState('');
  const [tries, setTries] = useState(0);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'sending' | 'verifying' | null>(null);
  const [resendIn, startCountdown] = useCountdown();

  async function send(to: string) {
    setBusy('sending');
    setFormError(null);
    try {
      await requestChallenge('phone-code', to);
      const sent = await sendPhoneCode(to, recaptcha.current!);
      setPhone(to);
      setConfirmation(sent);
      setCode('');
      setTries(0);
      startCountdown(RESEND_AFTER_SECONDS);
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : firebaseErrorMessage(error, 'We could not send the code. Please try again.'));
    } finally {
      setBusy(null);
    }
  }

  function submitNumber(event: FormEvent) {
    event.preventDefault();
    const to = indianMobile(number);
    setFieldError(to ? undefined : PHONE_PROBLEM);
    if (to) void send(to);
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setFieldError('Please enter the 6-digit code from the SMS.');
      return;
    }
    if (!confirmation || tries >= MAX_CODE_TRIES) return;
    setFieldError(undefined);
    setFormError(null);
    setBusy('verifying');
    try {
      const result = await confirmation.confirm(code.trim()).catch((error: unknown) => {
        if (codeOf(error) === 'auth/invalid-verification-code') {
          const used = tries + 1;
          setTries(used);
          throw new SignInError(
            used >= MAX_CODE_TRIES
              ? TOO_MANY_TRIES
              : `That code is not right. Check the SMS and try again (${MAX_CODE_TRIES - used} ${MAX_CODE_TRIES - used === 1 ? 'try' : 'tries'} left).`,
          );
        }
        throw new SignInError(firebaseErrorMessage(error, 'We could not check the code. Please try again.'));
      });
      await complete(result.user);
    } catch (error) {
      setFormError(error instanceof SignInError ? error.message : 'We could not check the code. Please try again.');
    } finally {
      setBusy(null);
    }
  }

  const outOfTries = tries >= MAX_CODE_TRIES;

  return (
    <Box maxW="md" mx="auto" px="4" py={{ base: '8', md: '16' }}>
      <PageTitle title="Sign in with your phone">We will send a 6-digit code to your mobile by SMS.</PageTitle>
      {confirmation && phone ? (
        <form onSubmit={submitCode} noValidate aria-label="Enter the SMS code">
          <Stack gap="4">
            {formError ? <FormAlert>{formError}</FormAlert> : <FormAlert tone="success">We have sent a code to {phone}.</FormAlert>}
            <TextField
              label="SMS code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onValueChange={(value) => setCode(value.replace(/\D/g, ''))}
              error={fieldError}
              disabled={outOfTries}
            />
            <Button type="submit" colorPalette="brand" size="lg" loading={busy === 'verifying'} loadingText="Checking the code…" disabled={outOfTries}>
              Verify and sign in
            </Button>
            <HStack justify="space-between" flexWrap="wrap" gap="2">
              <Button type="button" variant="ghost" size="sm" disabled={resendIn > 0 || busy !== null} loading={busy === 'sending'} onClick={() => void send(phone)}>
                {resendIn > 0 ? `Send a new code in ${resendIn} s` : 'Send a new code'}
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => {
                  setConfirmation(null);
                  setFormError(null);
                  setFieldError(undefined);
                }}
              >
                Use another number
              </Button>
            </HStack>
          </Stack>
        </form>
      ) : (
        <form onSubmit={submitNumber} noValidate aria-label="Send me a code">
          <Stack gap="4">
            {formError ? <FormAlert>{formError}</FormAlert> : null}
            <TextField
              label="Mobile number"
              type="tel"
              name="phone"
              autoComplete="tel-national"
              inputMode="tel"
              prefix="+91"
              placeholder="98765 43210"
              value={number}
              onValueChange={setNumber}
              error={fieldError}
            />
            <Button type="submit" colorPalette="brand" size="lg" loading={busy === 'sending'} loadingText="Sending the code…">
              Send code
            </Button>
          </Stack>
        </form>
      )}
      <div ref={recaptcha} />
      <Text mt="6" fontSize="sm" color="gray.700">
        Prefer e-mail?{' '}
        <Box asChild color="brand.700" textDecoration="underline">
          <Link to="/login">Sign in with e-mail or Google</Link>
        </Box>
      </Text>
    </Box>
  );
}
