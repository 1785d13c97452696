import { useNavigate } from '@tanstack/react-router';
import ConfirmDialog from '@/components/staff/ConfirmDialog';
import { notify } from '@/components/ui/notices';
import { useDeleteProduct, type StaffProduct } from '../api/products';

/** Asks before deleting a product that was never ordered, and says that it cannot be undone. */
export default function DeleteDialog({ product, onClose }: { product: StaffProduct; onClose: () => void }) {
  const remove = useDeleteProduct(product._id);
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      testId="delete-product-dialog"
      title={`Delete ${product.name}?`}
      text={`${product.name} (${product.code}) has never been ordered. Deleting it removes it from the shop and from any cart that holds it. This cannot be undone; to take it off sale for a while, hide it instead.`}
      confirmLabel="Delete product"
      busyLabel="Deleting…"
      cancelLabel="Keep it"
      tone="destructive"
      busy={remove.isPending}
      error={remove.isError ? remove.error.message : null}
      onConfirm={() =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notify.success(`${product.name} is deleted.`);
            void navigate({ to: '/admin/products' });
          },
        })
      }
      onClose={onClose}
    />
  );
}
