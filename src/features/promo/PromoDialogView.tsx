import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Text } from '@chakra-ui/react/text';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { launchOffer } from '@/lib/launch-offer';
import { promoRootProps } from './overlays';

interface PromoDialogViewProps {
  onClose: () => void;
  onBuyNow: () => void;
}

export default function PromoDialogView({ onClose, onBuyNow }: PromoDialogViewProps) {
  return (
    // Its recipe comes with the dialog, not with the system every page loads.
    <Dialog.Root recipe={dialogSlotRecipe} open onOpenChange={(e) => (e.open ? undefined : onClose())} placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content textAlign="center" data-testid="promo-dialog" {...promoRootProps}>
            <Dialog.Header justifyContent="center">
              <Dialog.Title fontSize="2xl" color="brand.800">
                Limited Time Offer!
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text fontSize="lg" fontWeight="semibold">
                Introducing Gut Start
              </Text>
              <Text fontSize="xl" fontWeight="bold" color="brand.700" mt="1">
                at RS 4999/-
              </Text>
              <Text fontSize="sm" color="gray.700" mt="2" data-testid="promo-ends">
                Offer ends {launchOffer.lastDay}
              </Text>
            </Dialog.Body>
            <Dialog.Footer justifyContent="center">
              <Button colorPalette="brand" size="lg" onClick={onBuyNow}>
                Buy Now
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close offer" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
