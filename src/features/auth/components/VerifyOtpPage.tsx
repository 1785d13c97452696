import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { phoneOtpMachine, RESEND_AFTER_SECONDS, type AccountProof, type PhoneOtpError } from '../../../../machines/phone-otp';
import { PageTitle } from '@/components/layout/PageTitle';
import { CartIntentNotice } from '@/components/ui/CartIntentNotice';
import { ApiError } from '@/lib/api-client';
import { useShopMachine } from '@/lib/use-shop-machine';
import { createPhoneAccount, linkPhone, requestChallenge, type PhoneLinkOffer, type Session } from '../api/session';
import { codeOf, firebaseErrorMessage, sendPhoneCode, signInWithGoogle, signInWithPassword, type PhoneConfirmation } from '../firebase';
import { PhoneHeldChoice } from './PhoneHeldChoice';
import { SignInError, useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { indianMobile } from '../../../../machines/phone';
import { PHONE_PROBLEM } from '../validation';
import { FormAlert, TextField } from '@/components/ui/fields';

/** Seconds left on the display of the machine's resend countdown, restarted whenever the machine starts one. */
function useCountdownDisplay(countdowns: number): number {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (countdowns === 0) return;
    setLeft(RESEND_AFTER_SECONDS);
    const timer = setInterval(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(timer);
  }, [countdowns]);
  return left;
}

/** The proof of an existing account, as a Firebase sign-in; a wrong password or a closed popup in words for the person. */
async function signInToAccount(proof: AccountProof) {
  try {
    return proof.method === 'password' ? await signInWithPassword(proof.email, proof.password) : await signInWithGoogle();
  } catch (error) {
    throw { message: firebaseErrorMessage(error) } satisfies PhoneOtpError;
  }
}

/** A refused number link or new account, for the machine: an expired proof of the number starts again. */
function linkFailure(error: unknown): PhoneOtpError {
  if (error instanceof ApiError) return { message: error.message, proofExpired: error.code === 'PHONE_LINK_EXPIRED' };
  return { message: 'We could not reach the shop. Check your connection and try again.' };
}

/** /verify-otp: sign in with an Indian mobile number and the code sent to it by SMS (machines/phone-otp.ts). */
export function VerifyOtpPage() {
  const { complete, finish } = useCompleteSignIn('customer');
  const completeRef = useRef(complete);
  completeRef.current = complete;
  const finishRef = useRef(finish);
  finishRef.current = finish;
  const recaptcha = useRef<HTMLDivElement>(null);
  const confirmation = useRef<PhoneConfirmation | null>(null);

  const [machine] = useState(() =>
    phoneOtpMachine.provide({
      actors: {
        sendCode: fromPromise<void, { phone: string }>(async ({ input }) => {
          try {
            await requestChallenge('phone-code', input.phone);
            confirmation.current = await sendPhoneCode(input.phone, recaptcha.current!);
          } catch (error) {
            const message =
              error instanceof ApiError ? error.message : firebaseErrorMessage(error, 'We could not send the code. Please try again.');
            throw { message } satisfies PhoneOtpError;
          }
        }),
        confirmCode: fromPromise<void, { code: string }>(async ({ input }) => {
          if (!confirmation.current) throw { message: 'Please ask for a code first.' } satisfies PhoneOtpError;
          let result;
          try {
            result = await confirmation.current.confirm(input.code);
          } catch (error) {
            if (codeOf(error) === 'auth/invalid-verification-code') throw { wrongCode: true } satisfies PhoneOtpError;
            throw { message: firebaseErrorMessage(error, 'We could not check the code. Please try again.') } satisfies PhoneOtpError;
          }
          try {
            await completeRef.current(result.user);
          } catch (error) {
            const refusal = error instanceof SignInError ? error.cause : undefined;
            if (refusal instanceof ApiError && refusal.code === 'PHONE_HELD') {
              const offer = (refusal.body as { phoneLink?: PhoneLinkOffer } | undefined)?.phoneLink;
              if (offer) throw { held: offer } satisfies PhoneOtpError;
            }
            throw { message: error instanceof SignInError ? error.message : 'We could not sign you in. Please try again.' } satisfies PhoneOtpError;
          }
        }),
        linkToAccount: fromPromise<void, { token: string; proof: AccountProof }>(async ({ input }) => {
          const account = await signInToAccount(input.proof);
          let session: Session;
          try {
            session = await linkPhone(input.token, await account.getIdToken());
          } catch (error) {
            await import('../firebase').then((m) => m.signOutOfFirebase()).catch(() => undefined);
            throw linkFailure(error);
          }
          finishRef.current(session);
        }),
        createOwnAccount: fromPromise<void, { token: string }>(async ({ input }) => {
          let session: Session;
          try {
            session = await createPhoneAccount(input.token);
          } catch (error) {
            throw linkFailure(error);
          }
          finishRef.current(session);
        }),
      },
    }),
  );
  const [snapshot, send] = useShopMachine(machine);
  const { phone, error, countdowns } = snapshot.context;
  const resendIn = useCountdownDisplay(countdowns);

  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  useEffect(() => {
    setCode('');
  }, [countdowns]);

  function submitNumber(event: FormEvent) {
    event.preventDefault();
    const to = indianMobile(number);
    setFieldError(to ? undefined : PHONE_PROBLEM);
    if (to) send({ type: 'phoneOtp.send', phone: to });
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setFieldError('Please enter the 6-digit code from the SMS.');
      return;
    }
    setFieldError(undefined);
    send({ type: 'phoneOtp.verify', code: code.trim() });
  }

  const held = snapshot.context.held;
  if (snapshot.matches('held') && held) {
    return (
      <PhoneHeldChoice
        held={held}
        error={error}
        linking={snapshot.matches({ held: 'linking' })}
        creating={snapshot.matches({ held: 'creating' })}
        onProve={(proof) => send({ type: 'phoneOtp.proveAccount', proof })}
        onNotMine={() => send({ type: 'phoneOtp.notMine' })}
        onChangeNumber={() => send({ type: 'phoneOtp.changeNumber' })}
      />
    );
  }

  const onCodeStep = snapshot.matches('codeSent') || snapshot.matches('resending') || snapshot.matches('signedIn');
  const usedUp = snapshot.matches({ codeSent: { code: 'usedUp' } });
  const verifying = snapshot.matches({ codeSent: { code: 'verifying' } }) || snapshot.matches('signedIn');
  const resendOpen = snapshot.matches({ codeSent: { resend: 'open' } });

  return (
    <Box maxW="md" mx="auto" px="4" py={{ base: '8', md: '16' }}>
      <PageTitle title="Sign in with your phone">We will send a 6-digit code to your mobile by SMS.</PageTitle>
      <CartIntentNotice />
      {onCodeStep && phone ? (
        <form onSubmit={submitCode} noValidate aria-label="Enter the SMS code">
          <Stack gap="4">
            {error ? <FormAlert>{error}</FormAlert> : <FormAlert tone="success">We have sent a code to {phone}.</FormAlert>}
            <TextField
              label="SMS code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onValueChange={(value) => setCode(value.replace(/\D/g, ''))}
              error={fieldError}
              disabled={usedUp}
            />
            <Button type="submit" colorPalette="brand" size="lg" loading={verifying} loadingText="Checking the code…" disabled={usedUp}>
              Verify and sign in
            </Button>
            <HStack justify="space-between" flexWrap="wrap" gap="2">
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={!resendOpen}
                loading={snapshot.matches('resending')}
                loadingText="Sending a new code…"
                onClick={() => send({ type: 'phoneOtp.resend' })}
              >
                {resendOpen ? 'Send a new code' : `Send a new code in ${Math.max(resendIn, 1)} s`}
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => {
                  setFieldError(undefined);
                  send({ type: 'phoneOtp.changeNumber' });
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
            {error ? <FormAlert>{error}</FormAlert> : null}
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
            <Button type="submit" colorPalette="brand" size="lg" loading={snapshot.matches('sending')} loadingText="Sending the code…">
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
