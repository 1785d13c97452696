import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { FormAlert } from '@/components/ui/fields';
import type { StaffMessage } from '../api/sent-messages';
import { TEMPLATE_TITLE } from './labels';

interface ResendDialogProps {
  message: StaffMessage;
  busy: boolean;
  /** The server's refusal, or why the call failed, while the dialog stays open. */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before sending a message again: the person receives it a second time. */
export default function ResendDialog({ message, busy, error, onConfirm, onClose }: ResendDialogProps) {
  const what = `“${TEMPLATE_TITLE[message.template]}” ${message.channel === 'sms' ? 'SMS' : 'e-mail'}`;
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
          <Dialog.Content data-testid="resend-confirm">
            <Dialog.Header pe="12">
              <Dialog.Title fontSize="xl">Send the {what} again?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>
                  It goes to{' '}
                  <Text as="strong" overflowWrap="anywhere">
                    {message.recipient}
                  </Text>{' '}
                  as it was first written. The resend is recorded with your name.
                </Text>
                {message.category === 'promotional' ? (
                  <Text>It is promotional: it goes only if the person still agrees to receive such messages.</Text>
                ) : null}
                {error ? <FormAlert>{error}</FormAlert> : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button colorPalette="brand" onClick={onConfirm} loading={busy} loadingText="Resending…">
                Resend
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
