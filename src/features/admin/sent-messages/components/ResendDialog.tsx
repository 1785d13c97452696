import { Text } from '@chakra-ui/react/text';
import ConfirmDialog from '@/components/staff/ConfirmDialog';
import type { StaffMessage } from '../api/sent-messages';
import { TEMPLATE_TITLE } from './labels';

const CHANNEL_WORD: Record<StaffMessage['channel'], string> = { email: 'e-mail', sms: 'SMS', whatsapp: 'WhatsApp message' };

interface ResendDialogProps {
  message: StaffMessage;
  busy: boolean;
  /** The server's refusal, or why the call failed, while the dialog stays open. */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** The e-mails whose one-time link (to set a password, to sign in) the server makes anew for a resend. */
const hasLink = (template: StaffMessage['template']) => template === 'staff-invitation' || template === 'account-ready';

/** Asks before sending a message again: the person receives it a second time. */
export default function ResendDialog({ message, busy, error, onConfirm, onClose }: ResendDialogProps) {
  const what = `“${TEMPLATE_TITLE[message.template]}” ${CHANNEL_WORD[message.channel]}`;
  return (
    <ConfirmDialog
      title={`Send the ${what} again?`}
      text={
        <>
          <Text>
            It goes to{' '}
            <Text as="strong" overflowWrap="anywhere">
              {message.recipient}
            </Text>{' '}
            as it was first written
            {hasLink(message.template) ? ', with a new link in place of the one it carried, which may have been used or run out' : ''}. The
            resend is recorded with your name.
          </Text>
          {message.category === 'promotional' ? (
            <Text>It is promotional: it goes only if the person still agrees to receive such messages.</Text>
          ) : null}
        </>
      }
      confirmLabel="Resend"
      busyLabel="Resending…"
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
