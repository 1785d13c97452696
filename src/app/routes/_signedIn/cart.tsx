import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '@/features/cart/components/CartPage';
import { takeOfferCode } from '@/features/discount/offer-code';

export const Route = createFileRoute('/_signedIn/cart')({
  component: CartRoute,
});

function CartRoute() {
  // A code kept by an offer link (/discount/$code) is applied here, where the signed-in person's cart is.
  return <CartPage takeOfferCode={takeOfferCode} />;
}
