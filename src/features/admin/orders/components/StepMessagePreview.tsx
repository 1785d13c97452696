import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import type { CustomerMessage } from './customer-messages';

/** What the customer will receive: to which address, the e-mail's subject and what it tells them. */
export function StepMessagePreview({ email, message }: { email: string | null; message: CustomerMessage | null }) {
  if (!message) return null;
  return (
    <Box bg="gray.50" borderWidth="1px" borderColor="gray.200" rounded="md" p="3" data-testid="step-confirm-message">
      <Text fontWeight="semibold">{email ? `The customer receives an e-mail at ${email}:` : 'The account has no e-mail address: nothing is e-mailed.'}</Text>
      {email ? (
        <>
          <Text mt="1">
            Subject: “{message.subject}”
          </Text>
          <Text mt="1" color="gray.700">
            {message.gist}
          </Text>
          {message.sms ? (
            <Text mt="1" fontSize="sm" color="gray.700">
              A text message goes too, if they accepted texts.
            </Text>
          ) : null}
        </>
      ) : null}
    </Box>
  );
}
