import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { pendingCartIntent } from '@/lib/cart-intent';
import { useMounted } from '@/lib/use-mounted';

/**
 * On the ways in: the kit a signed-out person asked to add, and the promise that it is added on the way back.
 * Read after the takeover, since the stored wish exists in the browser only.
 */
export function CartIntentNotice() {
  const mounted = useMounted();
  return mounted ? <StoredCartIntent /> : null;
}

function StoredCartIntent() {
  const [intent] = useState(() => pendingCartIntent());
  if (!intent) return null;
  return (
    <Box role="status" borderWidth="1px" borderColor="brand.200" bg="brand.50" rounded="md" px="4" py="3" mb="6" data-testid="cart-intent-notice">
      <Text>
        Sign in or create an account to add <strong>{intent.name}</strong> to your cart. We will add it and take you back to
        the kit.
      </Text>
    </Box>
  );
}
