import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '@/features/cart/components/CartPage';
import { cartSettled } from '@/features/cart/cart-settled';
import { takeOfferCode } from '@/features/discount/offer-code';

export const Route = createFileRoute('/_signedIn/cart')({
  // The cart renders once, with its content: until the cart has answered, the frame stays (the page's own, from its
  // HTML, when the cart is the first page opened).
  loader: async ({ context }) => cartSettled((await context.actors.ready).cart),
  component: CartRoute,
});

function CartRoute() {
  // A code kept by an offer link (/discount/$code) is applied here, where the signed-in person's cart is.
  return <CartPage takeOfferCode={takeOfferCode} />;
}
