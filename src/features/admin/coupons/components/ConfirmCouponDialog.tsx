import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { FormAlert } from '@/components/ui/fields';
import type { Pending } from './labels';

/** Asks before ending or deleting a coupon, saying what it does; neither can be undone. */
export default function ConfirmCouponDialog({ pending, busy, error, onConfirm, onClose }: { pending: Pending; busy: boolean; error: string | null; onConfirm: () => void; onClose: () => void }) {
  const { coupon, action } = pending;
  const title = action === 'end' ? `End ${coupon.code} now?` : `Delete ${coupon.code}?`;
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      role="alertdialog"
      open
      onOpenChange={(e) => (e.open || busy ? undefined : onClose())}
      closeOnInteractOutside={false}
      closeOnEscape={!busy}
      placement="center"
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content data-testid="coupon-confirm">
            <Dialog.Header pe="12">
              <Dialog.Title fontSize="xl">{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>
                  {action === 'end'
                    ? coupon.status === 'scheduled'
                      ? 'It has not started yet, so it is switched off: no cart will take it. Orders keep what they were given.'
                      : 'It stops working at once: carts holding it lose its discount, and no one can apply it again. Orders already placed keep their discount. This cannot be undone; make a new coupon to offer it again.'
                    : 'It has never been used, so it is removed for good, and carts holding it lose it. This cannot be undone.'}
                </Text>
                {error ? <FormAlert>{error}</FormAlert> : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Keep it
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={busy} loadingText={action === 'end' ? 'Ending…' : 'Deleting…'}>
                {action === 'end' ? 'End now' : 'Delete'}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild disabled={busy}>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
