import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '@/features/checkout/components/CheckoutPage';
import { queryClientLoaded } from '../../guards';
import { orderSearch } from '../../search';

export const Route = createFileRoute('/_signedIn/checkout')({
  validateSearch: orderSearch,
  loader: queryClientLoaded,
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { order } = Route.useSearch();
  return <CheckoutPage resumeOrderId={order} />;
}
