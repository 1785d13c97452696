import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { kitGiftMachine, type KitGiftRecipient } from '../../../../machines/kit-gift';
import { FormAlert } from '@/components/ui/fields';
import { useShopForm } from '@/components/ui/form';
import { kitsQueryOptions } from '@/lib/kits';
import { useShopMachine } from '@/lib/use-shop-machine';
import { giveKit, type OwnedKit } from '../api/kits';

const rules = {
  email: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Enter their e-mail address: the kit’s code goes there.'),
    v.maxLength(254, 'Keep the e-mail address under 254 characters.'),
    v.email('Enter a valid e-mail address, like name@example.com.'),
  ),
  name: v.pipe(v.string(), v.trim(), v.maxLength(60, 'Keep the name under 60 characters.')),
};

/**
 * "Give this kit to someone", once opened: the buyer e-mails the kit's code to a family member, who activates it in an
 * account of their own. The kit-gift machine leads: the form, what happens, the confirmation, the note once it is
 * sent; closing it hands the card back (`onClose`). Loaded when the button is first pressed.
 */
export default function GiveKitFlow({ kit, onClose }: { kit: OwnedKit; onClose: () => void }) {
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      kitGiftMachine.provide({
        actors: {
          sendGift: fromPromise<void, KitGiftRecipient>(async ({ input }) => {
            const given = await giveKit(kit._id, input);
            queryClient.setQueryData(kitsQueryOptions.queryKey, (kits) => kits?.map((each) => (each._id === given._id ? given : each)));
          }),
        },
      }),
    [kit._id, queryClient],
  );
  const [snapshot, send] = useShopMachine(machine);
  const { recipient, error } = snapshot.context;
  const heading = useRef<HTMLHeadingElement>(null);
  const state = typeof snapshot.value === 'string' ? snapshot.value : '';
  // Opened by the card's button, the flow starts at its form; once closed again, the card takes over.
  const opened = useRef(false);
  useEffect(() => {
    if (state !== 'closed') {
      opened.current = true;
      // Each step of the flow takes the keyboard to its heading, so that a screen reader hears where it is.
      if (state === 'confirming' || state === 'sent') heading.current?.focus();
    } else if (opened.current) onClose();
    else send({ type: 'gift.open' });
  }, [state, send, onClose]);

  const form = useShopForm({
    defaultValues: recipient,
    onSubmit: ({ value }) => send({ type: 'gift.review', recipient: { email: value.email.trim(), name: value.name.trim() } }),
  });

  return (
    <Box mt="4" borderWidth="1px" borderColor="brand.200" bg="brand.50" rounded="md" p="4" data-testid="give-kit">
      {snapshot.matches('editing') ? (
        <Stack gap="3">
          <Heading as="h3" size="sm">
            Give this kit to someone
          </Heading>
          <Text color="gray.800">
            Bought it for a family member? We e-mail them the kit’s code and how to activate it in an account of their own, so that the
            sample, its questionnaire and the report are theirs alone.
          </Text>
          {error ? <FormAlert>{error}</FormAlert> : null}
          <form.AppForm>
            <form.Form label={`Give ${kit.name} to someone`}>
              <Stack gap="3">
                <form.AppField name="email" validators={{ onSubmit: rules.email }}>
                  {(field) => <field.TextField label="Their e-mail address" type="email" autoComplete="off" inputMode="email" maxLength={254} />}
                </form.AppField>
                <form.AppField name="name" validators={{ onSubmit: rules.name }}>
                  {(field) => <field.TextField label="Their first name" required={false} helper="To greet them by. Optional." autoComplete="off" maxLength={60} />}
                </form.AppField>
                <Stack direction="row" gap="3" wrap="wrap">
                  <form.SubmitButton loadingText="Checking…" size="sm">
                    Continue
                  </form.SubmitButton>
                  <Button variant="ghost" size="sm" onClick={() => send({ type: 'gift.close' })}>
                    Cancel
                  </Button>
                </Stack>
              </Stack>
            </form.Form>
          </form.AppForm>
        </Stack>
      ) : snapshot.matches('sent') ? (
        <Stack gap="3" role="status">
          <Heading as="h3" size="sm" ref={heading} tabIndex={-1}>
            Sent to {recipient.email}
          </Heading>
          <Text color="gray.800">
            We have e-mailed the kit’s code to {recipient.email}. Hand the kit’s box to them too: the sample is collected from it. Once they
            activate the code, this kit shows here as activated by another account.
          </Text>
          <Box>
            <Button variant="outline" size="sm" onClick={() => send({ type: 'gift.close' })}>
              Done
            </Button>
          </Box>
        </Stack>
      ) : (
        <Stack gap="3">
          <Heading as="h3" size="sm" ref={heading} tabIndex={-1}>
            E-mail the code of {kit.name} to {recipient.email}?
          </Heading>
          <Box as="ul" ps="5" color="gray.800" listStyleType="disc">
            <li>
              {recipient.name ? `${recipient.name} receives` : 'They receive'} the kit’s code and how to activate it in their own account.
            </li>
            <li>The code is the claim: whoever activates it first owns the sample’s results. You will not see them.</li>
            <li>Your order and invoice stay yours, and you can still activate the kit yourself until they do.</li>
          </Box>
          <Stack direction="row" gap="3" wrap="wrap">
            <Button colorPalette="brand" size="sm" loading={snapshot.matches('sending')} loadingText="Sending…" onClick={() => send({ type: 'gift.send' })}>
              E-mail the code
            </Button>
            <Button variant="ghost" size="sm" disabled={snapshot.matches('sending')} onClick={() => send({ type: 'gift.edit' })}>
              Change the address
            </Button>
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
