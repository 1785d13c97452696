import { createFileRoute } from '@tanstack/react-router';
import { CheckoutFrame, CheckoutPage } from '@/features/checkout/components/CheckoutPage';
import { useActorsLoaded } from '@/lib/actors-context';
import { queryClientLoaded } from '../../guards';
import { orderSearch } from '../../search';

export const Route = createFileRoute('/_signedIn/checkout')({
  validateSearch: orderSearch,
  loader: queryClientLoaded,
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { order } = Route.useSearch();
  // The page's frame paints before the shop's actors (the cart) have arrived.
  return useActorsLoaded() ? <CheckoutPage resumeOrderId={order} /> : <CheckoutFrame />;
}
