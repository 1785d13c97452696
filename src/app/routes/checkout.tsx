import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '@/features/checkout/components/CheckoutPage';
import { requireSignedIn } from '../guards';

export const Route = createFileRoute('/checkout')({
  beforeLoad: ({ context, location }) => requireSignedIn(context, location, { message: 'Please sign in to check out.' }),
  component: CheckoutPage,
});
