import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '@/features/checkout/components/CheckoutPage';
import { queryClientLoaded } from '../../guards';

interface CheckoutSearch {
  /** An unpaid order to pay instead of placing a new one. */
  order?: string;
}

export const Route = createFileRoute('/_signedIn/checkout')({
  validateSearch: (search: Record<string, unknown>): CheckoutSearch =>
    typeof search.order === 'string' && search.order.length <= 64 ? { order: search.order } : {},
  loader: queryClientLoaded,
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { order } = Route.useSearch();
  return <CheckoutPage resumeOrderId={order} />;
}
