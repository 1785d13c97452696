import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '@/features/cart/components/CartPage';
import { CART_LOGIN_MESSAGE, requireSignedIn } from '../guards';

export const Route = createFileRoute('/cart')({
  beforeLoad: ({ context, location }) => requireSignedIn(context, location, { message: CART_LOGIN_MESSAGE }),
  component: CartPage,
});
