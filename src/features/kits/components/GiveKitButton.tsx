import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { lazy, Suspense, useCallback, useState } from 'react';
import { formatShopDate } from '@/lib/dates';
import type { OwnedKit } from '../api/kits';

/** The form and its steps load when the button is first pressed: most visits to My kits never give a kit. */
const GiveKitFlow = lazy(() => import('./GiveKit'));

/** A kit is given before its code is activated: once paid, on its way or delivered. */
export function canGive(kit: OwnedKit): boolean {
  return kit.claim === 'bought' && (kit.state === 'paid' || kit.state === 'shipped' || kit.state === 'delivered');
}

/** On a kit's card: the last gift of it, if any, and "Give this kit to someone", which opens the flow in place. */
export function GiveKit({ kit }: { kit: OwnedKit }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  if (open) {
    return (
      <Suspense fallback={<Text color="gray.700" mt="3">Opening…</Text>}>
        <GiveKitFlow kit={kit} onClose={close} />
      </Suspense>
    );
  }
  return (
    <Box mt="3">
      {kit.gift ? (
        <Text color="gray.700" mb="2" data-testid="kit-gift">
          You e-mailed this kit’s code to {kit.gift.email} on {formatShopDate(kit.gift.sentAt)}. Until it is activated, you can still activate
          it yourself.
        </Text>
      ) : null}
      <Button variant="outline" colorPalette="brand" size="sm" onClick={() => setOpen(true)}>
        {kit.gift ? 'Give this kit to someone else' : 'Give this kit to someone'}
      </Button>
    </Box>
  );
}
