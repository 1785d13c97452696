import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Text } from '@chakra-ui/react/text';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { useNavigate } from '@tanstack/react-router';
import { FormAlert } from '@/components/ui/fields';
import { notify } from '@/components/ui/notices';
import { useDeleteProduct, type StaffProduct } from '../api/products';

/** Asks before deleting a product that was never ordered, and says that it cannot be undone. */
export default function DeleteDialog({ product, onClose }: { product: StaffProduct; onClose: () => void }) {
  const remove = useDeleteProduct(product._id);
  const navigate = useNavigate();
  const busy = remove.isPending;
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
          <Dialog.Content data-testid="delete-product-dialog">
            <Dialog.Header pe="12">
              <Dialog.Title fontSize="xl">Delete {product.name}?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="3">
                {product.name} ({product.code}) has never been ordered. Deleting it removes it from the shop and from any cart that holds it. This cannot be
                undone; to take it off sale for a while, hide it instead.
              </Text>
              {remove.isError ? <FormAlert>{remove.error.message}</FormAlert> : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Keep it
              </Button>
              <Button
                colorPalette="red"
                loading={busy}
                loadingText="Deleting…"
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => {
                      notify.success(`${product.name} is deleted.`);
                      void navigate({ to: '/admin/products' });
                    },
                  })
                }
              >
                Delete product
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
