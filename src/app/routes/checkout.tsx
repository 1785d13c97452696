import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '@/features/checkout/components/CheckoutPage';
import { requireSignedIn } from '../guards';

export const CHECKOUT_LOGIN_MESSAGE = 'Please sign in to check out.';

export const Route = createFileRoute('/checkout')({
  beforeLoad: ({ context, location }) => requireSignedIn(context, location, { message: CHECKOUT_LOGIN_MESSAGE }),
  component: CheckoutPage,
});
