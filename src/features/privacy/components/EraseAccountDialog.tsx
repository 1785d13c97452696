import { Box } from '@chakra-ui/react/box';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { useRef, useState, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { erasureRequestMachine, type Reauthentication } from '../../../../machines/erasure-request';
import { FormAlert, TextField } from '@/components/ui/fields';
import { formatShopDate } from '@/lib/dates';
import { useShopMachine } from '@/lib/use-shop-machine';
import { useRequestErasure, type PrivacyOverview } from '../api/privacy';
import type { Reauthenticator } from '@/lib/reauthenticator';

interface EraseAccountDialogProps {
  overview: PrivacyOverview;
  reauthenticator: Reauthenticator;
  /** The "Erase my account…" button, hidden while a request is pending. */
  showTrigger: boolean;
}

const CODE_PATTERN = /^\d{6}$/;

/** "Erase my account…": what is erased and kept, signing in again, then the request (machines/erasure-request.ts). */
export function EraseAccountDialog({ overview, reauthenticator, showTrigger }: EraseAccountDialogProps) {
  const requestErasure = useRequestErasure();
  const recaptcha = useRef<HTMLDivElement>(null);
  const [machine] = useState(() =>
    erasureRequestMachine.provide({
      actors: {
        sendCode: fromPromise<void>(() => reauthenticator.sendCode(recaptcha.current!)),
        reauthenticate: fromPromise<string, Reauthentication>(({ input }) =>
          reauthenticator.method === 'password'
            ? reauthenticator.withPassword(input.secret)
            : reauthenticator.method === 'phone'
              ? reauthenticator.withCode(input.secret)
              : reauthenticator.withGoogle(),
        ),
        submitRequest: fromPromise<void, { idToken: string }>(({ input }) => requestErasure(input.idToken)),
      },
    }),
  );
  const [snapshot, send] = useShopMachine(machine);
  const [secret, setSecret] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { error } = snapshot.context;
  const open = !snapshot.matches('closed');
  const busy = snapshot.matches({ reauthenticating: 'signingIn' }) || snapshot.matches({ reauthenticating: 'sendingCode' }) || snapshot.matches('submitting');
  const dueDays = overview.grievance.respondWithinDays;
  const due = overview.erasure?.status === 'pending' ? overview.erasure.dueBy : null;

  const close = () => {
    setSecret('');
    setFieldError(undefined);
    send({ type: 'erasure.close' });
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (reauthenticator.method === 'password' && !secret) return setFieldError('Please enter your password.');
    if (reauthenticator.method === 'phone' && !CODE_PATTERN.test(secret.trim())) return setFieldError('Please enter the 6-digit code from the SMS.');
    setFieldError(undefined);
    send({ type: 'erasure.signIn', secret: reauthenticator.method === 'phone' ? secret.trim() : secret });
  };
  const waitingForCode = reauthenticator.method === 'phone' && !snapshot.matches({ reauthenticating: 'codeSent' }) && !snapshot.context.codeSent;

  return (
    <>
      {showTrigger ? (
        <Box>
          <Button colorPalette="red" variant="outline" onClick={() => send({ type: 'erasure.open' })}>
            Erase my account…
          </Button>
        </Box>
      ) : null}
      <Dialog.Root recipe={dialogSlotRecipe} open={open} onOpenChange={(e) => (e.open || busy ? undefined : close())} placement="center" size="md">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="erase-dialog" mx="4">
              <Dialog.Header>
                <Dialog.Title>{snapshot.matches('requested') ? 'Your request is recorded' : 'Erase your account'}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {snapshot.matches('explaining') ? (
                  <Stack gap="3">
                    <Text>When our team completes your request:</Text>
                    <Box as="ul" ps="5" listStyleType="disc">
                      <li>your sign-in account is deleted and you are signed out everywhere;</li>
                      <li>your name, e-mail address, phone number, saved address, cart, consents, questionnaire results, ebook request, contact messages and the e-mails and SMS we sent you are erased;</li>
                      <li>
                        your orders, payments, invoices and kits are kept for {overview.retentionMonths} months, as Indian tax law requires,
                        without your contact details, then deleted.
                      </li>
                    </Box>
                    <Text>
                      We complete it within {dueDays} days. Until then you can still sign in, download your data and withdraw the request. It cannot be
                      undone once completed.
                    </Text>
                  </Stack>
                ) : null}
                {snapshot.matches('reauthenticating') || snapshot.matches('submitting') ? (
                  <form id="erase-confirm" noValidate onSubmit={confirm} aria-label="Confirm it is you">
                    <Stack gap="3">
                      <Text>To keep your account safe, please confirm it is you.</Text>
                      {error ? <FormAlert>{error}</FormAlert> : null}
                      {reauthenticator.method === 'password' ? (
                        <TextField label="Your password" type="password" autoComplete="current-password" value={secret} onValueChange={setSecret} error={fieldError} />
                      ) : null}
                      {reauthenticator.method === 'phone' ? (
                        waitingForCode ? (
                          <Text>We will send a 6-digit code by SMS to {reauthenticator.phone ?? 'your mobile number'}.</Text>
                        ) : (
                          <TextField
                            label="Code from the SMS"
                            inputMode="numeric"
                            autoComplete="one-time-code"
                            maxLength={6}
                            value={secret}
                            onValueChange={setSecret}
                            error={fieldError}
                            helper={`Sent to ${reauthenticator.phone ?? 'your mobile number'}.`}
                          />
                        )
                      ) : null}
                      {reauthenticator.method === 'google.com' ? <Text>A Google window opens: choose the account you sign in with.</Text> : null}
                    </Stack>
                    <div ref={recaptcha} />
                  </form>
                ) : null}
                {snapshot.matches('requested') && due ? (
                  <Text role="status">
                    We will erase your account by {formatShopDate(due)}. Until then you can still sign in, download your data, or withdraw the request on this
                    page.
                  </Text>
                ) : null}
              </Dialog.Body>
              <Dialog.Footer flexWrap="wrap" gap="2">
                {snapshot.matches('requested') ? (
                  <Button colorPalette="brand" onClick={close}>
                    Done
                  </Button>
                ) : (
                  <Button variant="outline" onClick={close} disabled={busy}>
                    Keep my account
                  </Button>
                )}
                {snapshot.matches('explaining') ? (
                  <Button colorPalette="red" onClick={() => send({ type: 'erasure.continue' })}>
                    Continue
                  </Button>
                ) : null}
                {(snapshot.matches('reauthenticating') || snapshot.matches('submitting')) && waitingForCode ? (
                  <Button colorPalette="red" loading={busy} loadingText="Sending the code…" onClick={() => send({ type: 'erasure.sendCode' })}>
                    Send the code
                  </Button>
                ) : null}
                {(snapshot.matches('reauthenticating') || snapshot.matches('submitting')) && !waitingForCode ? (
                  <Button type="submit" form="erase-confirm" colorPalette="red" loading={busy} loadingText="Confirming…">
                    {reauthenticator.method === 'google.com' ? 'Continue with Google and erase' : 'Confirm and ask to erase'}
                  </Button>
                ) : null}
              </Dialog.Footer>
              {busy ? null : (
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Close" />
                </Dialog.CloseTrigger>
              )}
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
