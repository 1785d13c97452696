/**
 * The courier pickup of an activated kit's sample, on its card: booked for a day and an address the person chooses,
 * changed or cancelled until the courier has the sample, then followed to the lab. The steps are the sample-pickup
 * machine's (`machines/sample-pickup.ts`), which the server applies too.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { Text } from '@chakra-ui/react/text';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PICKUP_LABELS, pickupChangeable, type PickupState } from '../../../../machines/sample-pickup';
import { AddressForm } from '@/components/ui/AddressForm';
import { FormAlert } from '@/components/ui/fields';
import { notify } from '@/components/ui/notices';
import { ApiError } from '@/lib/api-client';
import { formatShopDate, formatShopDateTime, formatShopWeekday } from '@/lib/dates';
import { failureMessage } from '@/lib/failure';
import { bookSamplePickup, cancelSamplePickup, samplePickupQueryOptions, type SamplePickup as Pickup, type SamplePickupResponse } from '../api/pickup';

const STEPS: PickupState[] = ['booked', 'inTransit', 'atLab'];

/** "Tue, 1 Dec": a pickup day as the person reads it. */
const dayWords = formatShopWeekday;

function Steps({ state }: { state: PickupState }) {
  const reached = STEPS.indexOf(state);
  return (
    <Flex as="ol" listStyleType="none" gap="2" wrap="wrap" fontSize="sm" mb="3" aria-label="The sample’s way to the lab">
      {STEPS.map((step, index) => (
        <Box
          as="li"
          key={step}
          px="2"
          py="0.5"
          rounded="full"
          bg={index <= reached ? 'brand.50' : 'gray.50'}
          color={index <= reached ? 'brand.800' : 'gray.600'}
          fontWeight={index === reached ? 'semibold' : 'normal'}
          aria-current={index === reached ? 'step' : undefined}
        >
          {PICKUP_LABELS[step]}
        </Box>
      ))}
    </Flex>
  );
}

function Booked({ pickup }: { pickup: Pickup }) {
  const a = pickup.address;
  const last = pickup.scans.at(-1);
  return (
    <Box data-testid="sample-pickup-booked">
      <Text mb="1">
        {pickup.state === 'booked' ? (
          <>
            The courier ({pickup.courier}) comes for your sample on <strong>{pickup.date ? formatShopDate(pickup.date) : 'the booked day'}</strong> to {a.line1}
            {a.line2 ? `, ${a.line2}` : ''}, {a.city} {a.pincode}. Keep the sealed sample box ready.
          </>
        ) : pickup.state === 'inTransit' ? (
          <>Your sample is on its way to the lab with {pickup.courier}.</>
        ) : (
          <>The lab has your sample.</>
        )}
      </Text>
      <Text fontSize="sm" color="gray.700">
        <a href={pickup.trackingUrl} target="_blank" rel="noopener noreferrer" style={{ textDecoration: 'underline' }}>
          Follow AWB {pickup.awb}
        </a>
        {last ? ` · ${last.activity || PICKUP_LABELS[pickup.state]}${last.location ? `, ${last.location}` : ''}, ${formatShopDateTime(last.at)}` : ''}
      </Text>
    </Box>
  );
}

function BookingForm({ kitId, answer, onDone }: { kitId: string; answer: SamplePickupResponse; onDone: () => void }) {
  const queryClient = useQueryClient();
  const dateId = useId();
  const [date, setDate] = useState(() => (answer.pickup?.date && answer.days.includes(answer.pickup.date) ? answer.pickup.date : (answer.days[0] ?? '')));
  const booking = useMutation({
    mutationFn: (address: NonNullable<SamplePickupResponse['address']>) => bookSamplePickup(kitId, { address, date }),
    onSuccess: (booked) => {
      queryClient.setQueryData(samplePickupQueryOptions(kitId).queryKey, booked);
      notify.success(booked.pickup?.date ? `Pickup booked for ${formatShopDate(booked.pickup.date)}.` : 'Pickup booked.');
      onDone();
    },
  });
  const serverErrors = booking.error instanceof ApiError ? Object.fromEntries(Object.entries(booking.error.fields ?? {}).map(([field, message]) => [field.replace(/^address\./, ''), message])) : {};
  return (
    <Box mt="3" data-testid="sample-pickup-form">
      <AddressForm
        label="Pickup address"
        initial={answer.pickup?.address ?? answer.address}
        profile={null}
        saving={booking.isPending}
        serverErrors={serverErrors}
        submitLabel={answer.pickup ? 'Move the pickup' : 'Book the pickup'}
        busyLabel="Booking the courier…"
        onSubmit={(address) => booking.mutate(address)}
      >
        <Field.Root required mt="4" maxW="xs">
          <Field.Label htmlFor={dateId}>
            Pickup day
            <Field.RequiredIndicator />
          </Field.Label>
          <Input asChild>
            <select id={dateId} name="date" value={date} onChange={(event) => setDate(event.target.value)}>
              {answer.days.map((day) => (
                <option key={day} value={day}>
                  {dayWords(day)}
                </option>
              ))}
            </select>
          </Input>
          <Field.HelperText color="gray.600">The courier comes between 10 am and 6 pm.</Field.HelperText>
        </Field.Root>
        {booking.isError ? (
          <Box mt="4">
            <FormAlert>{failureMessage(booking.error) ?? 'The pickup could not be booked. Please try again.'}</FormAlert>
          </Box>
        ) : null}
      </AddressForm>
      <Button variant="ghost" mt="2" onClick={onDone}>
        Close
      </Button>
    </Box>
  );
}

export function SamplePickup({ kitId }: { kitId: string }) {
  const queryClient = useQueryClient();
  const query = useQuery(samplePickupQueryOptions(kitId));
  const [editing, setEditing] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelSamplePickup(kitId),
    onSuccess: (answer) => {
      queryClient.setQueryData(samplePickupQueryOptions(kitId).queryKey, answer);
      setConfirmCancel(false);
      notify.success('Pickup cancelled.');
    },
  });
  const answer = query.data;
  if (!answer) return null;
  const { pickup } = answer;
  // The lab has it: the kit's own state says so.
  if (pickup?.state === 'atLab') return null;
  if (!pickup && !answer.bookable) {
    return answer.reason && answer.reason.startsWith('Pickups cannot') ? (
      <Text color="gray.700" mt="3">
        {answer.reason}
      </Text>
    ) : null;
  }
  return (
    <Box as="section" aria-label="Pickup of your sample" mt="4" borderTopWidth="1px" borderColor="gray.100" pt="4" data-testid="sample-pickup">
      <Heading as="h3" size="sm" mb="2">
        Pickup of your sample
      </Heading>
      {pickup ? <Steps state={pickup.state} /> : null}
      {pickup ? (
        <Booked pickup={pickup} />
      ) : (
        <Text color="gray.700">A courier collects your sealed sample from your door and takes it to the lab, free; or post it with the prepaid envelope in the box.</Text>
      )}
      {editing ? (
        <BookingForm kitId={kitId} answer={answer} onDone={() => setEditing(false)} />
      ) : answer.bookable && (!pickup || pickupChangeable(pickup.state)) ? (
        <Flex gap="2" wrap="wrap" mt="3">
          <Button
            colorPalette="brand"
            variant={pickup ? 'outline' : 'solid'}
            onClick={() => {
              cancel.reset();
              setConfirmCancel(false);
              setEditing(true);
            }}
          >
            {pickup ? 'Change the day or address' : 'Book the pickup of my sample'}
          </Button>
          {pickup && !confirmCancel ? (
            <Button variant="ghost" colorPalette="red" onClick={() => setConfirmCancel(true)}>
              Cancel the pickup
            </Button>
          ) : null}
        </Flex>
      ) : null}
      {confirmCancel ? (
        <Box mt="3" role="group" aria-label="Cancel the pickup?">
          <Text mb="2">Cancel the pickup on {pickup?.date ? formatShopDate(pickup.date) : 'the booked day'}? You can book another afterwards.</Text>
          <Flex gap="2">
            <Button colorPalette="red" loading={cancel.isPending} loadingText="Cancelling…" onClick={() => cancel.mutate()}>
              Yes, cancel it
            </Button>
            <Button variant="outline" onClick={() => setConfirmCancel(false)}>
              Keep it
            </Button>
          </Flex>
        </Box>
      ) : null}
      {cancel.isError ? (
        <Box mt="3">
          <FormAlert>{failureMessage(cancel.error) ?? 'The pickup could not be cancelled. Please try again.'}</FormAlert>
        </Box>
      ) : null}
    </Box>
  );
}

