import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import type { SessionEndReason } from '../../../../machines/session-end';
import { site } from '@/lib/site';

const EXPLANATIONS: Record<SessionEndReason, { title: string; text: string }> = {
  expired: {
    title: 'Your session has expired',
    text: 'Sessions last a limited time to keep your account safe. Please sign in again to continue where you were.',
  },
  revoked: {
    title: 'You have been signed out',
    text: 'Your session was ended by a sign-out on another device or by a change of your password. Please sign in again to continue.',
  },
  ended: {
    title: 'Your session has ended',
    text: 'It is no longer valid on our side. Please sign in again to continue.',
  },
  disabled: {
    title: 'Your account is disabled',
    text: `It can no longer be used to sign in. If you are on the shop’s team, ask an admin to reactivate it; otherwise, if you think this is a mistake, please call us on ${site.phone} or write to us through the Contact Us page.`,
  },
};

/** Why the person is asked to sign in again: a calm note, as nothing went wrong on their side. */
export function SessionEndedNotice({ reason }: { reason: SessionEndReason }) {
  const { title, text } = EXPLANATIONS[reason];
  return (
    <Box role="status" mb="6" p="4" rounded="md" borderWidth="1px" borderColor="blue.200" bg="blue.50" color="blue.900" data-testid="session-ended">
      <Text fontWeight="semibold">{title}</Text>
      <Text mt="1" fontSize="sm">
        {text}
      </Text>
    </Box>
  );
}
