import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '@/features/checkout/components/CheckoutPage';
import { queryClientLoaded, requireSignedIn } from '../guards';

interface CheckoutSearch {
  /** An unpaid order to pay instead of placing a new one. */
  order?: string;
}

export const Route = createFileRoute('/checkout')({
  validateSearch: (search: Record<string, unknown>): CheckoutSearch =>
    typeof search.order === 'string' && search.order.length <= 64 ? { order: search.order } : {},
  beforeLoad: ({ context, location }) => requireSignedIn(context, location, { message: 'Please sign in to check out.' }),
  loader: queryClientLoaded,
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { order } = Route.useSearch();
  return <CheckoutPage resumeOrderId={order} />;
}
