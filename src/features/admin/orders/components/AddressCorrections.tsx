import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { lazy, Suspense, useState } from 'react';
import { notify } from '@/components/ui/notices';
import { failureMessage } from '@/lib/failure';
import { useCorrectOrderAddress, useReplacementKitAddress, type DeliveryAddress, type StaffKit, type StaffOrder } from '../api/order';

// The dialog (the address form with its rules) arrives when it is first asked for, not with the page.
const AddressDialog = lazy(() => import('./AddressDialog').then((module) => ({ default: module.AddressDialog })));

/** An address on one line, as staff read it to a courier. */
export const addressLine = (a: DeliveryAddress) => `${a.name}, ${a.line1}${a.line2 ? `, ${a.line2}` : ''}, ${a.city}, ${a.state} ${a.pincode} · +91 ${a.phone}`;

/** The server's refusal as the dialog shows it: its words, and the fields it names. */
function refusalOf(error: unknown, fallback: string) {
  const fields = error instanceof Error && 'fields' in error ? (error.fields as Record<string, string> | undefined) : undefined;
  return { message: failureMessage(error) ?? fallback, fields };
}

/** Under the order's delivery address: the way to correct it before the kits ship, or why it can no longer be. */
export function OrderAddressCorrection({ order }: { order: StaffOrder }) {
  const correct = useCorrectOrderAddress(order._id);
  const [open, setOpen] = useState(false);
  if (order.addressLocked) {
    return (
      <Text mt="3" fontSize="sm" color="gray.700" data-testid="address-locked">
        {order.addressLocked}
      </Text>
    );
  }
  return (
    <Box mt="3">
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          correct.reset();
          setOpen(true);
        }}
      >
        Correct the delivery address
      </Button>
      <Suspense fallback={null}>
        {open ? (
          <AddressDialog
            title={`Correct the delivery address of ${order.number}`}
            text={
              order.invoice
                ? `The kits go to the corrected address and the customer sees it on their order. Invoice ${order.invoice.number} keeps the address it was issued with, so the state stays ${order.address.state}.`
                : 'The kits go to the corrected address and the customer sees it on their order.'
            }
            initial={order.address}
            submitLabel="Save the corrected address"
            busy={correct.isPending}
            error={correct.isError ? refusalOf(correct.error, 'The address could not be corrected. Please try again.') : null}
            onClose={() => setOpen(false)}
            onSave={(address, reason) =>
              correct.mutate(
                { address, reason },
                {
                  onSuccess: () => {
                    notify.success(`The delivery address of ${order.number} is corrected.`);
                    setOpen(false);
                  },
                },
              )
            }
          />
        ) : null}
      </Suspense>
    </Box>
  );
}

/** A replacement kit's destination: the order's address unless staff gave it one of its own, changeable until it ships. */
export function ReplacementAddress({ order, kit }: { order: StaffOrder; kit: StaffKit }) {
  const send = useReplacementKitAddress(order._id);
  const [open, setOpen] = useState(false);
  if (!kit.replacesKitId) return null;
  const notShipped = kit.state === 'ordered' || kit.state === 'paid';
  const where = kit.shipAddress ? addressLine(kit.shipAddress) : `The order's delivery address (${order.address.city})`;
  const save = (address: DeliveryAddress | null, reason: string | undefined) =>
    send.mutate(
      { kitId: kit._id, address, reason },
      {
        onSuccess: () => {
          notify.success(address ? `The replacement kit ${kit.boxCode} goes to ${address.city}.` : `The replacement kit ${kit.boxCode} goes to the order's address.`);
          setOpen(false);
        },
      },
    );
  return (
    <Box mt="2" data-testid="replacement-address">
      <Text fontSize="sm">
        <Text as="span" color="gray.600">
          {notShipped ? 'Ships to: ' : 'Sent to: '}
        </Text>
        {where}
      </Text>
      {notShipped ? (
        <Button
          mt="2"
          size="sm"
          variant="outline"
          onClick={() => {
            send.reset();
            setOpen(true);
          }}
        >
          Send the replacement to another address
        </Button>
      ) : null}
      <Suspense fallback={null}>
        {open ? (
          <AddressDialog
            title={`Where does ${kit.name} (${kit.boxCode}) go?`}
            text="The replacement kit ships to this address; the order and its other kits keep theirs."
            initial={kit.shipAddress ?? order.address}
            submitLabel="Send it to this address"
            busy={send.isPending}
            error={send.isError ? refusalOf(send.error, 'The address could not be saved. Please try again.') : null}
            onClose={() => setOpen(false)}
            onSave={save}
            other={kit.shipAddress ? { label: "Send it to the order's address", onClick: (reason) => save(null, reason) } : undefined}
          />
        ) : null}
      </Suspense>
    </Box>
  );
}
