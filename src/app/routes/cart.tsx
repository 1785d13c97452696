import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '@/features/cart/components/CartPage';
import { takeOfferCode } from '@/features/discount/offer-code';
import { requireSignedIn } from '../guards';
import { CART_LOGIN_MESSAGE } from '@/lib/site';

export const Route = createFileRoute('/cart')({
  beforeLoad: ({ context, location }) => requireSignedIn(context, location, { message: CART_LOGIN_MESSAGE }),
  component: CartRoute,
});

function CartRoute() {
  // A code kept by an offer link (/discount/$code) is applied here, where the signed-in person's cart is.
  return <CartPage takeOfferCode={takeOfferCode} />;
}
